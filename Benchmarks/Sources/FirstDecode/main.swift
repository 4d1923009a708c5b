// Prints the first-decode cost per type of 1 000 distinct model types, for JSONDecoder and
// BridgeDecoder (plain and mapped), each variant in a fresh process:
//
//     cd Benchmarks && swift run -c release first-decode            # all three, 5 rounds, a table
//     swift run -c release first-decode plain                        # one variant, this process
//
// A round runs each variant once (in its own process) and takes the first and the second pass.
// The table shows the fastest of the rounds (the least disturbed on a shared machine) and the
// ratio to JSONDecoder's first pass.

import FirstDecodeModels
import Foundation

func measure(_ variant: FirstDecode.Variant) throws -> (first: Double, second: Double) {
    let first = try FirstDecode.seconds { try FirstDecode.pass(variant) }
    let second = try FirstDecode.seconds { try FirstDecode.pass(variant) }
    return (first, second)
}

let arguments = CommandLine.arguments.dropFirst()
if let name = arguments.first, let variant = FirstDecode.Variant(rawValue: name) {
    let (first, second) = try measure(variant)
    print(first, second)
} else {
    let rounds = arguments.first.flatMap(Int.init) ?? 5
    var best: [FirstDecode.Variant: (first: Double, second: Double)] = [:]
    for _ in 0..<rounds {
        for variant in FirstDecode.Variant.allCases {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            process.arguments = [variant.rawValue]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let numbers = text.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
            guard process.terminationStatus == 0, numbers.count == 2 else {
                fatalError("\(variant.rawValue) failed: \(text)")
            }
            let old = best[variant] ?? (.infinity, .infinity)
            best[variant] = (min(old.first, numbers[0]), min(old.second, numbers[1]))
        }
    }
    let count = Double(FirstDecode.typeCount)
    // safe: every variant ran at least once (rounds ≥ 1) or fatalError stopped the run
    let foundation = best[.foundation]!.first
    print("First decode of \(FirstDecode.typeCount) distinct types, fastest of \(rounds) rounds, one process per variant and round")
    print("| decoder | first pass, per type | vs JSONDecoder | second pass, per type |")
    print("|---|---:|---:|---:|")
    for variant in FirstDecode.Variant.allCases {
        // safe: as above
        let (first, second) = best[variant]!
        print(String(format: "| %@ | %.3f ms | %.2f× | %.4f ms |", variant.label, first / count * 1e3, first / foundation, second / count * 1e3))
    }
}
