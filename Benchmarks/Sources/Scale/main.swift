// Time and peak memory per MB of the generated documents (GeneratedDocument: twitter-like,
// citm-like, citm-like minified) at 1, 10 and 100 MB: does a 100 MB document cost the same per
// MB as a 1 MB one? Every measurement runs in a fresh process, and the rounds alternate the
// sizes, so that no size inherits another's heap or caches and a disturbance of the shared
// machine hits one process, not one size:
//
//     cd Benchmarks && swift run -c release scale                       # 7 rounds, all documents
//     swift run -c release scale --rounds 11 --documents citm-like      # more rounds, one document
//     swift run -c release scale --foundation                           # JSONDecoder too (slow)
//
// The documents are generated once into a temporary folder. Each process reads one, decodes it
// once cold (page faults, first-use caches) and takes that decode's peak resident memory above
// what was resident before it: the models plus the decoder's transient state, not the document.
// That peak includes what any first decode sets up once (type metadata, model tables, the
// allocator's arenas), a constant that dominates at 1 MB, so the table gives the peak's slope: MB
// of peak per MB of document from 1 to 10 MB and from 10 to 100 MB. Linear scaling keeps it equal.
// It then decodes the document again for about 1.5 s (5 to 60 times), holding each decode's models
// until the clock has stopped and timing their release separately, and reports the median decode,
// the median decode plus release, and the peak; also the fastest of each, for comparison with the
// package-benchmark groups (the medians are the fairer figure: the fastest of 60 decodes at 1 MB
// would be compared with the fastest of 5 at 100 MB, and the more samples, the lower the
// fastest). The table gives, per size, the median over the rounds of those per-process
// figures, their range, and the growth of the medians from 1 to 100 MB; also the *paired*
// growth, the median of each round's own 100 MB figure against its 1 MB one, which cancels a host
// whose speed drifts over minutes (processes of one round run seconds apart). Docs/Performance.md
// ("Results") has the figures.
//
//     swift run -c release scale generate citm-like 100 <file>                         # a document
//     swift run -c release scale measure citm-like CodableBridge <file> <megabytes>   # one process
//
// `scale interleaved` measures the growth in pairs within one process instead (Interleaved.swift).
//
// `measure … <megabytes> <decodes>` times exactly that many decodes after the cold one: under
// `valgrind --tool=cachegrind`, the counts with 2 minus those with 1 are one steady-state decode
// and release, whatever the host's speed.

import BenchmarkPayloads
import CodableBridge
import Foundation

/// A measurement that could not be taken, and why.
struct ScaleFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// What one process measured, per MB of document.
struct ProcessFigures {
    /// Median decode, models held until the clock stopped (ms per MB).
    var decode: Double
    /// Median decode plus the release of its models (ms per MB).
    var decodeAndRelease: Double
    /// Fastest decode (ms per MB).
    var fastestDecode: Double
    /// Fastest decode plus release (ms per MB).
    var fastestDecodeAndRelease: Double
    /// Peak resident memory of the first decode above the resident memory before it (MB; not per
    /// MB: it includes what the first decode of any size sets up once, so the table compares slopes).
    var peak: Double

    var line: String { "\(decode) \(decodeAndRelease) \(fastestDecode) \(fastestDecodeAndRelease) \(peak)" }

    init(decode: Double, decodeAndRelease: Double, fastestDecode: Double, fastestDecodeAndRelease: Double, peak: Double) {
        self.decode = decode
        self.decodeAndRelease = decodeAndRelease
        self.fastestDecode = fastestDecode
        self.fastestDecodeAndRelease = fastestDecodeAndRelease
        self.peak = peak
    }

    /// Parses `line`'s output; nil if it is not five numbers.
    init?(parsing text: String) {
        let numbers = text.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        guard numbers.count == 5 else { return nil }
        self.init(decode: numbers[0], decodeAndRelease: numbers[1], fastestDecode: numbers[2],
                  fastestDecodeAndRelease: numbers[3], peak: numbers[4])
    }
}

func milliseconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

/// One process's work: the cold decode for the peak, then timed decodes for about 1.5 s (at least 5),
/// or exactly `timedDecodes` of them.
func measure(_ document: GeneratedDocument, _ decoder: DocumentDecoder, file: String, megabytes: Double,
             timedDecodes: Int? = nil) throws -> ProcessFigures {
    let data = try Data(contentsOf: URL(fileURLWithPath: file))
    guard let before = ResidentMemory.read() else { throw ScaleFailure("no /proc/self/status") }
    ResidentMemory.resetPeak()
    var start = DispatchTime.now().uptimeNanoseconds
    // `withExtendedLifetime` keeps the optimiser from releasing the models before the clock or the
    // memory is read; the assignment of nil is where they are released.
    var models: Any? = try decoder.decode(document, data)
    let cold = withExtendedLifetime(models) { milliseconds(since: start) }
    guard let after = withExtendedLifetime(models, { ResidentMemory.read() }) else { throw ScaleFailure("no /proc/self/status") }
    models = nil
    let iterations = timedDecodes ?? max(5, min(60, Int(1_500 / cold)))
    var decodes: [Double] = []
    var withRelease: [Double] = []
    for _ in 0..<iterations {
        start = DispatchTime.now().uptimeNanoseconds
        models = try decoder.decode(document, data)
        let decode = withExtendedLifetime(models) { milliseconds(since: start) }
        models = nil
        let total = milliseconds(since: start)
        decodes.append(decode)
        withRelease.append(total)
    }
    return ProcessFigures(decode: median(decodes) / megabytes, decodeAndRelease: median(withRelease) / megabytes,
                       fastestDecode: (decodes.min() ?? 0) / megabytes, fastestDecodeAndRelease: (withRelease.min() ?? 0) / megabytes,
                       peak: after.peak - before.current)
}

/// Runs `measure` in a fresh process of this executable.
func measureInChild(_ document: GeneratedDocument, _ decoder: DocumentDecoder, file: String, megabytes: Double) throws -> ProcessFigures {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["measure", document.rawValue, decoder.rawValue, file, String(megabytes)]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0, let figures = ProcessFigures(parsing: text) else {
        throw ScaleFailure("\(document.rawValue), \(decoder.rawValue), \(file) failed: \(text)")
    }
    return figures
}

/// One row of the table: a document, a decoder and one figure of `ProcessFigures`, over the sizes.
func row(_ label: String, _ sizes: [Int], _ values: [Int: [Double]], format: String) -> String {
    var cells = [label]
    for size in sizes {
        guard let samples = values[size], !samples.isEmpty else {
            cells.append("")
            continue
        }
        cells.append(String(format: "\(format) (\(format)–\(format))", median(samples), samples.min() ?? 0, samples.max() ?? 0))
    }
    if let first = values[sizes[0]], let last = values[sizes[sizes.count - 1]], !first.isEmpty, !last.isEmpty {
        cells.append(String(format: "%+.1f%%", (median(last) / median(first) - 1) * 100))
        // The same round's processes ran within seconds of each other, so their ratio cancels a
        // host whose speed drifts over minutes.
        let paired = zip(first, last).map { ($0.1 / $0.0 - 1) * 100 }
        cells.append(String(format: "%+.1f%% (%+.1f…%+.1f)", median(paired), paired.min() ?? 0, paired.max() ?? 0))
    } else {
        cells += ["", ""]
    }
    return "| " + cells.joined(separator: " | ") + " |"
}

func runAll(rounds: Int, documents: [GeneratedDocument], decoders: [DocumentDecoder]) throws {
    let sizes = [1, 10, 100]
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("codablebridge-scale-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var files: [GeneratedDocument: [Int: (path: String, megabytes: Double)]] = [:]
    for document in documents {
        for size in sizes {
            let data = try document.make(megabytes: size)
            let url = folder.appendingPathComponent("\(document.rawValue)-\(size).json")
            try data.write(to: url)
            files[document, default: [:]][size] = (url.path, Double(data.count) / 1_000_000)
        }
    }
    let cases = documents.flatMap { document in
        decoders.flatMap { decoder in sizes.map { (document: document, decoder: decoder, size: $0) } }
    }
    var results: [GeneratedDocument: [DocumentDecoder: [Int: [ProcessFigures]]]] = [:]
    for round in 0..<rounds {
        // Each round starts one case further on, so no case is always the first or the last of a
        // round (the first runs right after the documents were written, the last before the next
        // round's first).
        for index in cases.indices {
            let (document, decoder, size) = cases[(index + round) % cases.count]
            // safe: every (document, size) was generated above
            let file = files[document]![size]!
            let figures = try measureInChild(document, decoder, file: file.path, megabytes: file.megabytes)
            results[document, default: [:]][decoder, default: [:]][size, default: []].append(figures)
        }
        FileHandle.standardError.write(Data("round \(round + 1) of \(rounds) done\n".utf8))
    }
    print("Per MB of document: median over \(rounds) rounds of each fresh process's figure (range in brackets).")
    print("Decode: a process's median decode, models held until the clock stopped. Decode and release: its median")
    print("decode plus the release of the models. Fastest: the process's fastest instead of its median.")
    print("")
    print("Growth: of the medians over the rounds; paired: the median of each round's own growth (100 MB")
    print("against the same round's 1 MB, range in brackets), steadier on a host whose speed drifts.")
    print("")
    print("| measure | document, decoder | 1 MB | 10 MB | 100 MB | growth 1 → 100 MB | paired growth |")
    print("|---|---|---:|---:|---:|---:|---:|")
    let measures: [(String, KeyPath<ProcessFigures, Double>)] = [
        ("decode, ms", \.decode), ("decode and release, ms", \.decodeAndRelease),
        ("fastest decode, ms", \.fastestDecode), ("fastest decode and release, ms", \.fastestDecodeAndRelease),
    ]
    for (name, keyPath) in measures {
        for document in documents {
            for decoder in decoders {
                let bySize = results[document]?[decoder] ?? [:]
                let values = bySize.mapValues { $0.map { $0[keyPath: keyPath] } }
                print(row("\(name) | \(document.rawValue), \(decoder.rawValue)", sizes, values, format: "%.2f"))
            }
        }
    }
    print("")
    print("Peak resident memory of the first decode (MB, median), and its slope: MB of peak per MB of document.")
    print("")
    print("| document, decoder | 1 MB | 10 MB | 100 MB | slope 1 → 10 MB | slope 10 → 100 MB | change |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for document in documents {
        for decoder in decoders {
            let bySize = results[document]?[decoder] ?? [:]
            let peaks = sizes.map { size in bySize[size].map { median($0.map(\.peak)) } }
            // safe: every (document, size) was generated above
            let megabytes = sizes.map { files[document]![$0]!.megabytes }
            var cells = ["\(document.rawValue), \(decoder.rawValue)"] + peaks.map { $0.map { String(format: "%.1f", $0) } ?? "" }
            if let p1 = peaks[0], let p10 = peaks[1], let p100 = peaks[2] {
                let low = (p10 - p1) / (megabytes[1] - megabytes[0])
                let high = (p100 - p10) / (megabytes[2] - megabytes[1])
                cells += [String(format: "%.2f", low), String(format: "%.2f", high), String(format: "%+.1f%%", (high / low - 1) * 100)]
            } else {
                cells += ["", "", ""]
            }
            print("| " + cells.joined(separator: " | ") + " |")
        }
    }
}

/// The runner's usage, printed for `--help` and (on standard error, exit status 2) for a bad
/// argument.
let usage = """
    usage: scale [--rounds N] [--documents \(GeneratedDocument.allCases.map(\.rawValue).joined(separator: ","))] [--foundation]
           scale interleaved [--pairs N] [--documents …] [--foundation] [--keep-pages]
           scale generate <document> <megabytes> <file>
           scale measure <document> <decoder: \(DocumentDecoder.allCases.map(\.rawValue).joined(separator: "|"))> <file> <megabytes> [decodes]
    (see the comment at the top of Sources/Scale/main.swift)
    """

/// Stops the runner on a bad argument: the problem and the usage on standard error, status 2.
func usageError(_ problem: String) -> Never {
    FileHandle.standardError.write(Data("scale: \(problem)\n\(usage)\n".utf8))
    exit(2)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--help" || arguments.first == "-h" {
    print(usage)
} else if arguments.first == "generate" {
    guard arguments.count == 4, let document = GeneratedDocument(rawValue: arguments[1]), let megabytes = Int(arguments[2]),
          megabytes > 0 else {
        usageError("generate takes a document, a positive number of megabytes and a file")
    }
    try document.make(megabytes: megabytes).write(to: URL(fileURLWithPath: arguments[3]))
} else if arguments.first == "measure" {
    guard arguments.count == 5 || arguments.count == 6, let document = GeneratedDocument(rawValue: arguments[1]),
          let decoder = DocumentDecoder(rawValue: arguments[2]), let megabytes = Double(arguments[4]) else {
        usageError("measure takes a document, a decoder, a file, megabytes and optionally a number of decodes")
    }
    var timedDecodes: Int?
    if arguments.count == 6 {
        guard let count = Int(arguments[5]), count > 0 else { usageError("decodes must be a positive number") }
        timedDecodes = count
    }
    print(try measure(document, decoder, file: arguments[3], megabytes: megabytes, timedDecodes: timedDecodes).line)
} else {
    let interleaved = arguments.first == "interleaved"
    var rounds = 7
    var pairs = 31
    var documents = GeneratedDocument.allCases
    var decoders: [DocumentDecoder] = [.bridge]
    var keepPages = false
    var rest = arguments.dropFirst(interleaved ? 1 : 0)
    while let option = rest.popFirst() {
        switch option {
        case "--rounds" where !interleaved:
            guard let value = rest.popFirst().flatMap(Int.init), value > 0 else { usageError("--rounds needs a positive number") }
            rounds = value
        case "--pairs" where interleaved:
            guard let value = rest.popFirst().flatMap(Int.init), value > 0 else { usageError("--pairs needs a positive number") }
            pairs = value
        case "--documents":
            let names = rest.popFirst()?.split(separator: ",").map(String.init) ?? []
            documents = names.compactMap(GeneratedDocument.init(rawValue:))
            guard !documents.isEmpty, documents.count == names.count else {
                usageError("--documents takes a comma-separated list of documents")
            }
        case "--foundation":
            decoders = DocumentDecoder.allCases
        case "--keep-pages" where interleaved:
            keepPages = true
        default:
            usageError("unknown option \(option)")
        }
    }
    if interleaved {
        try runInterleaved(pairs: pairs, documents: documents, decoders: decoders, keepPages: keepPages)
    } else {
        try runAll(rounds: rounds, documents: documents, decoders: decoders)
    }
}
