import NavLabCommands
import NavLabCore
import Foundation

// `make bench`: measures and prints; asserts nothing. Run in release mode.

let clock = ContinuousClock()

func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
}

func fmt(_ x: Double, _ digits: Int = 1) -> String {
    var p = 1.0
    for _ in 0..<digits { p *= 10 }
    let r = (x * p).rounded() / p
    return String(r)
}

/// A long script a user could have typed: tabs, pushes, pops, sheets, dismissals, switches.
func generatedScript(commands: Int) -> [String] {
    var lines = ["initial Root(Tab(Nav(Feed), Nav(Search), Settings))", "launch"]
    var depth = [0, 0]
    var tab = 0
    var presented = 0
    var i = 0
    while lines.count < commands {
        i += 1
        switch i % 10 {
        case 0, 1:
            lines.append("push Item\(i) on UINavigationController\(tab == 0 ? "" : "#2")"); depth[tab] += 1
        case 2, 3:
            if depth[tab] > 0 { lines.append("pop UINavigationController\(tab == 0 ? "" : "#2")"); depth[tab] -= 1 }
        case 4:
            tab = 1 - tab; lines.append("select UITabBarController \(tab)")
        case 5:
            if presented == 0 { lines.append("present Nav(Sheet\(i))"); presented = 1 }
        case 6:
            if presented == 1 { lines.append("push Step\(i)") }
        case 7:
            if presented == 1 { lines.append("dismiss"); presented = 0 }
        case 8:
            lines.append("expect allocated UITabBarController")
        default:
            lines.append("tree")
        }
    }
    return lines
}

func replay(_ lines: [String]) -> (Double, Int) {
    let session = Session()
    var failures = 0
    let t = clock.measure {
        for line in lines where session.execute(line).status == .failed { failures += 1 }
    }
    return (seconds(t), failures)
}

print("NavLab benchmark (release build, \(CommandLine.arguments.contains("--quick") ? "quick" : "full"))")
print("")

// 1. Replaying a long generated script through the Session (parse + apply + timeline).
let quick = CommandLine.arguments.contains("--quick")
let scriptLength = quick ? 5_000 : 50_000
let script = generatedScript(commands: scriptLength)
let (t1, failures) = replay(script)
print("replay of a generated \(script.count)-command script: \(fmt(t1, 3)) s, \(Int(Double(script.count) / t1)) commands/s (\(failures) failed)")

// 2. Cost per command at a given number of live view controllers.
func costPerCommand(viewControllers n: Int, ops: Int) {
    let session = Session()
    _ = session.execute("initial Tab(Nav(Bottom), Other)")
    _ = session.execute("launch")
    // Grow the hierarchy: a deep stack in the selected tab.
    let grow = clock.measure {
        for i in 0..<(n - 4) { _ = session.execute("push V\(i)") }
    }
    let live = session.state.viewControllers.count
    // Steady-state commands at that size: push + pop pairs, a sheet up and down, a tab switch.
    var commands: [String] = []
    for i in 0..<ops {
        switch i % 6 {
        case 0: commands.append("push Extra\(i)")
        case 1: commands.append("pop")
        case 2: commands.append("present Nav(Modal\(i))")
        case 3: commands.append("dismiss")
        case 4: commands.append("select UITabBarController 1")
        default: commands.append("select UITabBarController 0")
        }
    }
    let t = clock.measure { for c in commands { _ = session.execute(c) } }
    let perCommand = seconds(t) / Double(ops) * 1e6
    let json = clock.measure { _ = session.stateJSON().serialized() }
    let undo = clock.measure { _ = session.execute("undo") }
    print("\(live) view controllers: \(fmt(perCommand)) µs/command over \(ops) commands; building it took \(fmt(seconds(grow), 2)) s; tree --json \(fmt(seconds(json) * 1000)) ms; one undo \(fmt(seconds(undo) * 1000, 2)) ms")
}

costPerCommand(viewControllers: 100, ops: quick ? 600 : 6_000)
costPerCommand(viewControllers: quick ? 10_000 : 100_000, ops: quick ? 120 : 600)
