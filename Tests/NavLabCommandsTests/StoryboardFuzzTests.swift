import Foundation
import Testing
import NavLabCore
@testable import NavLabCommands

private let tabs: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(2)
    let path = parts.joined(separator: "/") + "/Storyboards/Tabs.storyboard"
    return String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
}()

/// Imports `files` into a fresh session that has launched something; returns the result and
/// whether the state stayed as it was.
private func importing(_ files: [(path: String, text: String)]) -> (LineResult, unchanged: Bool) {
    let s = Session()
    _ = s.execute("initial Home")
    _ = s.execute("launch")
    let before = s.state
    let r = s.execute(ScriptRunner.storyboardImport(files))
    return (r, s.state == before)
}

/// A refusal names the file, a line and a column: `Tabs.storyboard:12:5: …`.
private func namesPlace(_ message: String, _ file: String) -> Bool {
    guard message.hasPrefix(file + ":") else { return false }
    let rest = message.dropFirst(file.count + 1).split(separator: ":", maxSplits: 2)
    return rest.count == 3 && Int(rest[0]) != nil && Int(rest[1]) != nil
}

private func document(_ scenes: String, initial: String = "A") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="\(initial)">
        <scenes>
    \(scenes)
        </scenes>
    </document>
    """
}

@Suite("Storyboards: broken and hostile XML is refused with its place, and changes nothing")
struct StoryboardFuzzTests {
    @Test("A storyboard cut short anywhere is refused with file:line:col, never half-imported")
    func truncated() {
        let bytes = Array(tabs.utf8)
        var cut = 7
        while cut < bytes.count - 20 {
            let (r, unchanged) = importing([(path: "Tabs.storyboard", text: String(decoding: bytes[..<cut], as: UTF8.self))])
            expectEqual(r.status, .failed, "cut at \(cut)")
            expect(unchanged, "cut at \(cut)")
            expect(namesPlace(r.error?.message ?? "", "Tabs.storyboard"), "cut at \(cut): \(r.text)")
            cut += 97
        }
    }

    @Test("Random damage: every result is an import or a refusal that names its place (seeded)")
    func mutated() {
        var rng = SplitMix(seed: 41)
        let bytes = Array(tabs.utf8)
        let alphabet = Array("<>/=\"'&;!?- abcXYZ\n".utf8)
        for round in 0..<150 {
            var b = bytes
            for _ in 0..<(1 + Int(rng.next() % 4)) {
                let at = Int(rng.next() % UInt64(b.count))
                switch rng.next() % 3 {
                case 0: b.remove(at: at)
                case 1: b.insert(alphabet[Int(rng.next() % UInt64(alphabet.count))], at: at)
                default: b[at] = alphabet[Int(rng.next() % UInt64(alphabet.count))]
                }
            }
            let (r, unchanged) = importing([(path: "Tabs.storyboard", text: String(decoding: b, as: UTF8.self))])
            if r.status == .failed {
                expect(unchanged, "round \(round)")
                expect(namesPlace(r.error?.message ?? "", "Tabs.storyboard") || r.error?.message.contains("storyboard") == true, "round \(round): \(r.text)")
            } else {
                expectEqual(r.status, .done, "round \(round): \(r.text)")
            }
        }
    }

    @Test("Wrong root, a .xib, unknown view controllers and segue kinds, a DOCTYPE, bad entities: each refused with what to do")
    func hostile() {
        let cases: [(String, String)] = [
            ("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict/></plist>", "the root element is <plist>, not a storyboard's <document>"),
            ("<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"/>", "not an iOS storyboard"),
            (document("<scene sceneID=\"s\"><objects><flyingController id=\"A\" sceneMemberID=\"viewController\"/></objects></scene>"), "<flyingController> is a scene's view controller NavLab does not know"),
            (document("<scene sceneID=\"s\"><objects><viewController id=\"A\" sceneMemberID=\"viewController\"><connections><segue destination=\"A\" kind=\"teleport\" id=\"g\"/></connections></viewController></objects></scene>"), "'teleport' is not a kind of segue"),
            ("<?xml version=\"1.0\"?>\n<!DOCTYPE lol [<!ENTITY a \"aaaa\">]>\n<document/>", "a DOCTYPE is not part of a storyboard"),
            (document("<scene sceneID=\"s\"><objects><viewController id=\"A\" customClass=\"B&bogus;\" sceneMemberID=\"viewController\"/></objects></scene>"), "&bogus; is not an entity XML defines"),
            (document("<scene sceneID=\"s\"><objects><viewController id=\"A\" id=\"B\" sceneMemberID=\"viewController\"/></objects></scene>"), "has the attribute id twice"),
            (document("<scene sceneID=\"s\"><objects><viewController id=\"A\" sceneMemberID=\"viewController\"></objects></scene>"), "</objects> closes <viewController>"),
            (document("", initial: "Nowhere"), "initialViewController Nowhere is not a scene's view controller"),
            (document("<scene sceneID=\"s\"><objects><splitViewController id=\"A\" sceneMemberID=\"viewController\"/></objects></scene>"), "has 0 columns connected"),
            ("<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB\"/>", "a macOS (AppKit) storyboard"),
            ("", "the file has no XML element"),
        ]
        for (text, expected) in cases {
            let (r, unchanged) = importing([(path: "Bad.storyboard", text: text)])
            expectEqual(r.status, .failed, "\(expected)")
            expect(unchanged)
            expect(r.error?.message.contains(expected) == true, "\(expected): \(r.text)")
            expect(namesPlace(r.error?.message ?? "", "Bad.storyboard"), "\(r.text)")
            expect(r.error?.suggestion?.isEmpty == false, "no suggestion: \(r.text)")
        }
    }

    @Test("A reference cycle between two storyboards is refused, naming the chain")
    func referenceCycle() {
        let a = document("<scene sceneID=\"s\"><objects><viewControllerPlaceholder storyboardName=\"B\" id=\"A\" sceneMemberID=\"viewController\"/></objects></scene>")
        let b = document("""
            <scene sceneID="t"><objects><navigationController id="N" sceneMemberID="viewController"><connections>
            <segue destination="R" kind="relationship" relationship="rootViewController" id="r"/></connections></navigationController></objects></scene>
            <scene sceneID="u"><objects><viewControllerPlaceholder storyboardName="A" id="R" sceneMemberID="viewController"/></objects></scene>
            """, initial: "N")
        let (r, unchanged) = importing([(path: "A.storyboard", text: a), (path: "B.storyboard", text: b)])
        expectEqual(r.status, .failed)
        expect(unchanged)
        expect(r.error?.message.contains("the storyboards contain themselves: A/A → B/N → B/R → A/A") == true, "\(r.text)")
    }

    @Test("The limits: 16 MiB of storyboards, 512 levels, 500,000 elements (Docs/Limits.md)")
    func limits() {
        // Lines of 100 characters: a storyboard's lines are short, and a line of the command
        // language may be at most 65,536.
        let line = String(repeating: "x", count: 99) + "\n"
        let big = document("<!--\n" + String(repeating: line, count: Limits.storyboardBytes / 100 + 1) + "-->")
        let (r, unchanged) = importing([(path: "Big.storyboard", text: big)])
        expect(r.error?.message.contains("NavLab reads at most \(Limits.storyboardBytes) (16 MiB) in one import") == true, "\(r.text)")
        expect(unchanged)
        let deep = String(repeating: "<a>", count: Limits.storyboardDepth + 1) + String(repeating: "</a>", count: Limits.storyboardDepth + 1)
        let (d, _) = importing([(path: "Deep.storyboard", text: deep)])
        expect(d.error?.message.contains("elements nested more than 512 deep") == true, "\(d.text)")
        let wide = "<document>\n" + String(repeating: String(repeating: "<a/>", count: 100) + "\n", count: Limits.storyboardElements / 100) + "</document>"
        let (w, _) = importing([(path: "Wide.storyboard", text: wide)])
        expect(w.error?.message.contains("more than 500000 elements") == true, "\(w.text)")
    }
}

/// A small seeded generator, so a failure can be replayed.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
