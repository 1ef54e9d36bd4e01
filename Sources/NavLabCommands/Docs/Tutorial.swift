import NavLabCore

/// A tutorial: a `.navlab` script written to be read. Its comment lines are Markdown prose
/// (`# ## Heading`, `# Some *text*.`); a comment block directly above a command narrates it.
/// One source, three outputs: `navlab run` (the transcript with the narration), `navlab play`
/// (pauses on each narration), `navlab run --markdown` (an article: prose, then each command
/// with its real output). Its `expect` lines make it a test (`navlab check`).
public struct Tutorial: Hashable, Sendable {
    public let name: String
    public let text: String

    public init(name: String, text: String) {
        self.name = name
        self.text = text
    }

    /// The first `# # Title` line.
    public var title: String {
        for line in text.split(separator: "\n") {
            let t = line.trimmed
            if t.hasPrefix("# # ") { return String(t.dropFirst(4)) }
        }
        return name
    }

    /// What the tutorial teaches: its `# > …` line above the first command, else the first
    /// sentence of the first prose paragraph after the title.
    public var summary: String {
        for line in text.split(separator: "\n") {
            let t = line.trimmed
            if t.hasPrefix("# > ") { return UIKitFacts.plain(String(t.dropFirst(4))).removing("`").removing("*") }
            if !t.isEmpty, !t.hasPrefix("#") { break }
        }
        for block in Tutorial.blocks(text) {
            guard case .prose(let lines) = block.kind else { continue }
            let para = lines.joined(separator: " ").trimmed
            if para.isEmpty || para.hasPrefix("#") { continue }
            let plain = UIKitFacts.plain(para).removing("`").removing("*")
            if let dot = plain.textRange(of: ". ") { return String(plain[..<dot.lowerBound]) + "." }
            return plain
        }
        return ""
    }

    /// A run of the script's lines: prose (comment lines, `#` removed), commands, or a blank.
    public struct Block: Hashable, Sendable {
        public enum Kind: Hashable, Sendable {
            case prose([String])
            case command(String)
            case blank
        }
        public var kind: Kind
        /// 1-based line number of the block's first line.
        public var line: Int
    }

    /// The script as blocks: consecutive comment lines are one prose block.
    public static func blocks(_ text: String) -> [Block] {
        var blocks: [Block] = []
        // `import uikit <<END` … `END` is one command.
        for chunk in Heredoc.chunks(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)) {
            let i = chunk.line - 1
            if chunk.lineCount > 1 || chunk.unterminated != nil {
                blocks.append(Block(kind: .command(chunk.text), line: chunk.line))
                continue
            }
            let raw = chunk.text
            let t = raw.trimmed
            if t.isEmpty {
                if blocks.last?.kind != .blank { blocks.append(Block(kind: .blank, line: i + 1)) }
            } else if t.hasPrefix("#") {
                var body = t.dropFirst()
                if body.first == " " { body = body.dropFirst() }
                if case .prose(let lines) = blocks.last?.kind {
                    blocks[blocks.count - 1].kind = .prose(lines + [String(body)])
                } else {
                    blocks.append(Block(kind: .prose([String(body)]), line: i + 1))
                }
            } else {
                blocks.append(Block(kind: .command(String(raw)), line: i + 1))
            }
        }
        return blocks
    }

    /// Renders `text` (the file `file`) as a Markdown article by running it in `session`:
    /// prose as prose; each run of commands as one code block of what the prompt shows;
    /// `expect` lines as a "Checked" line under their block. Failures are returned with
    /// `FILE:LINE:COL`; the article stops at the first one.
    public static func markdown(_ text: String, file: String, session: Session = Session()) -> (markdown: String, failures: [String]) {
        var out: [String] = []
        var code: [String] = []
        var checks: [String] = []
        var failures: [String] = []
        func flush() {
            if !code.isEmpty {
                out.append("```")
                out += code
                out.append("```")
                out.append("")
                code = []
            }
            if !checks.isEmpty {
                out.append("Checked: " + checks.joined(separator: " · "))
                out.append("")
                checks = []
            }
        }
        lines: for block in blocks(text) {
            switch block.kind {
            case .blank:
                continue
            case .prose(let lines):
                flush()
                out += lines
                out.append("")
            case .command(let line):
                let prompt = "navlab (\(session.state.application.state.rawValue)\(session.state.device.promptSuffix))> "
                let response = session.execute(line, lineNumber: block.line)
                if response.status == .empty { continue }
                let typed = response.parsed?.text ?? line.trimmed
                if let held = response.expectationHeld, held, case .query(.expect(let e)) = response.parsed?.action {
                    checks.append("`" + e.text + "`")
                    continue
                }
                if response.status == .shell {
                    failures.append("\(file):\(block.line):1: error: `\(typed)` writes or reads files; a tutorial cannot")
                    break lines
                }
                code.append(prompt + typed)
                code += response.lines.map({ $0.text })
                if response.status == .failed, let e = response.error {
                    failures.append(ScriptRunner.format(e, file: file, sourceLine: line))
                    break lines
                }
                if response.status == .quit { break lines }
            }
        }
        flush()
        while out.last == "" { out.removeLast() }
        return (out.joined(separator: "\n") + "\n", failures)
    }
}

/// A tutorial played one step at a time (`navlab play`, the page's Tutorials panel): each
/// step is a narration — its paragraphs, "" between them — and the commands up to the next one.
extension Tutorial {
    public struct Command: Hashable, Sendable {
        public var text: String
        public var lineNumber: Int
        public var isExpect: Bool { text.hasPrefix("expect ") }
    }

    public struct Step: Hashable, Sendable {
        public var narration: [String]
        public var commands: [Command]

        /// What is run for command `i`: the narration travels with the step's first command as
        /// its comment, so the timeline shows it too (unless the command has a comment of its own).
        public func line(_ i: Int) -> String {
            let command = commands[i].text
            // A here-document (`import storyboard Shop <<END` … `END`) takes it on its first line,
            // where a comment may go: its last line must stay the terminator alone.
            let first = command.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            let hasComment = first[0].containsText(" #") || first[0].containsText("\t#")
            let about = narration.filter { !$0.isEmpty && !$0.hasPrefix("#") }.joined(separator: " ")
            if i > 0 || about.isEmpty || hasComment { return command }
            return first.count == 1 ? command + "  # " + about : first[0] + "  # " + about + "\n" + first[1]
        }
    }

    /// A narrated script (a tutorial) plays one narration at a time: its prose, then every
    /// command up to the next prose. A script without narration plays one command a step.
    public static func steps(_ text: String) -> [Step] {
        let blocks = Tutorial.blocks(text)
        let narrated = blocks.contains { if case .prose = $0.kind { return true } else { return false } }
        var steps: [Step] = []
        var current = Step(narration: [], commands: [])
        for block in blocks {
            switch block.kind {
            case .blank: continue
            case .prose(let lines):
                if !current.commands.isEmpty { steps.append(current); current = Step(narration: [], commands: []) }
                if !current.narration.isEmpty { current.narration.append("") }
                current.narration += lines
            case .command(let raw):
                let command = Command(text: raw.trimmed, lineNumber: block.line)
                if !narrated, !current.commands.isEmpty { steps.append(current); current = Step(narration: [], commands: []) }
                current.commands.append(command)
            }
        }
        if !current.commands.isEmpty { steps.append(current) }
        return steps
    }

    /// The steps as the page's Tutorials panel reads them (`GET /api/tutorials/NAME`).
    public var json: JSON {
        let steps = Tutorial.steps(text).map { step in
            JSON.object([
                ("narration", .array(step.narration.map { .string($0) })),
                ("commands", .array(step.commands.indices.map { i in
                    JSON.object([("text", .string(step.commands[i].text)), ("line", .int(step.commands[i].lineNumber)),
                                 ("expect", .bool(step.commands[i].isExpect)), ("run", .string(step.line(i)))])
                })),
            ])
        }
        return .object([("name", .string(name)), ("title", .string(title)), ("summary", .string(summary)), ("steps", .array(steps))])
    }
}

/// The tutorials built into the binary (Docs/Tutorials/*.navlab): `navlab tutorial`,
/// `navlab play NAME` from any folder.
public enum Tutorials {
    public static let all: [Tutorial] = Embedded.tutorials.map { Tutorial(name: $0.name, text: $0.text) }

    /// By name, with or without `.navlab`.
    public static func named(_ name: String) -> Tutorial? {
        let n = name.hasSuffix(".navlab") ? String(name.dropLast(7)) : name
        return all.first { $0.name == n }
    }

    /// `navlab tutorial`: one line each.
    public static func list() -> String {
        let width = all.map({ $0.name.count }).max() ?? 0
        var lines = ["Tutorials built into NavLab (`navlab play NAME` steps through one; `navlab tutorial NAME` prints its script):", ""]
        for t in all {
            lines.append("  " + t.name + String(repeating: " ", count: width - t.name.count + 2) + t.title)
            if !t.summary.isEmpty {
                lines += UIKitFacts.fold(t.summary, width: 76).map { "  " + String(repeating: " ", count: width + 2) + $0 }
            }
        }
        return lines.joined(separator: "\n")
    }
}
