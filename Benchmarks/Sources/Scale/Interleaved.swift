// `scale interleaved`: the growth of time per MB from 1 MB to 100 MB, measured in pairs within one
// process, so that a shared host's changing speed cancels out.
//
//     swift run -c release scale interleaved                        # 31 pairs, the three documents
//     swift run -c release scale interleaved --pairs 61 --documents twitter-like
//
// The fresh-process rounds (main.swift) keep every size's heap and caches apart, but a round's
// processes run seconds apart, and on a host whose speed changes within seconds a 100 MB process
// and a 1 MB one often run at different speeds. Here one process holds both documents and times, back to back (the order
// alternating), one batch of 1 MB decodes (about 0.3 s: the median decode of the batch) and one
// 100 MB decode: a pair, about a second. The pair's growth is the 100 MB time per MB against the
// 1 MB one; the table gives the median over the pairs and the quartiles, for the decode (models
// held until the clock stops) and for the decode plus the release of its models. What the
// process's heap inherits from the other size is what a long-running process's heap would
// inherit anyway.

import BenchmarkPayloads
import CodableBridge
import Foundation

/// What one decode cost, or a batch of decodes per decode: wall clock (ms) for the decode (models
/// held until the clock stopped) and for the decode and the release of its models, and the
/// thread's CPU time and page faults during the decode.
private struct DecodeCost {
    var decode: Double
    var withRelease: Double
    var usage: ThreadUsage

    /// Per MB of a document of `megabytes`.
    func perMB(_ megabytes: Double) -> DecodeCost {
        DecodeCost(decode: decode / megabytes, withRelease: withRelease / megabytes,
                   usage: ThreadUsage(cpu: usage.cpu / megabytes, system: usage.system / megabytes, faults: usage.faults / megabytes))
    }
}

/// Times one decode of `data`.
private func timeDecode(_ document: GeneratedDocument, _ decoder: DocumentDecoder, _ data: Data) throws -> DecodeCost {
    let before = ThreadUsage.now()
    let start = DispatchTime.now().uptimeNanoseconds
    var models: Any? = try decoder.decode(document, data)
    let decode = withExtendedLifetime(models) { milliseconds(since: start) }
    let usage = withExtendedLifetime(models) { ThreadUsage.now() - before }
    models = nil
    return DecodeCost(decode: decode, withRelease: milliseconds(since: start), usage: usage)
}

/// A batch of decodes of `data` as one cost: the median of each figure (a mean would move with
/// one decode slowed by the shared host).
private func timeBatch(_ count: Int, _ document: GeneratedDocument, _ decoder: DocumentDecoder, _ data: Data) throws -> DecodeCost {
    let costs = try (0..<count).map { _ in try timeDecode(document, decoder, data) }
    return DecodeCost(decode: median(costs.map(\.decode)), withRelease: median(costs.map(\.withRelease)),
                      usage: ThreadUsage(cpu: median(costs.map(\.usage.cpu)), system: median(costs.map(\.usage.system)),
                                         faults: median(costs.map(\.usage.faults))))
}

/// Measures `pairs` interleaved pairs per document and decoder, and prints the table.
func runInterleaved(pairs: Int, documents: [GeneratedDocument], decoders: [DocumentDecoder], keepPages: Bool) throws {
    if keepPages && !keepFreedPages() { throw ScaleFailure("--keep-pages needs glibc's malloc") }
    print("Growth of time per MB from 1 MB to 100 MB, in \(pairs) interleaved pairs per row (one process): median over ",
          "the pairs, quartiles in brackets; the 1 MB and 100 MB columns are the medians of the pairs' figures. ",
          "CPU time (user mode and kernel) and faults are the decoding thread's during the decode; the kernel's share ",
          "is sampled at clock ticks; the kernel's and the faults' rows give the difference per MB, not a ratio\(keepPages ? ". malloc keeps freed memory (--keep-pages)" : "").", separator: "")
    print("")
    print("| measure | document, decoder | 1 MB, per MB | 100 MB, per MB | growth, median | quartiles |")
    print("|---|---|---:|---:|---:|---:|")
    for document in documents {
        let small = try document.make(megabytes: 1)
        let large = try document.make(megabytes: 100)
        let smallMB = Double(small.count) / 1e6
        let largeMB = Double(large.count) / 1e6
        for decoder in decoders {
            // Warm-up: first-use costs, and a heap that has held both sizes.
            for _ in 0..<20 { _ = try timeDecode(document, decoder, small) }
            _ = try timeDecode(document, decoder, large)
            let batch = max(5, Int(300 / max(0.1, try timeDecode(document, decoder, small).decode)))
            var smallCosts: [DecodeCost] = []
            var largeCosts: [DecodeCost] = []
            for pair in 0..<pairs {
                if pair.isMultiple(of: 2) {
                    smallCosts.append(try timeBatch(batch, document, decoder, small).perMB(smallMB))
                    largeCosts.append(try timeDecode(document, decoder, large).perMB(largeMB))
                } else {
                    largeCosts.append(try timeDecode(document, decoder, large).perMB(largeMB))
                    smallCosts.append(try timeBatch(batch, document, decoder, small).perMB(smallMB))
                }
            }
            // Name, figure, format, and whether the growth is a ratio (else a difference).
            let measures: [(String, (DecodeCost) -> Double, String, Bool)] = [
                ("decode, ms", \.decode, "%.2f", true),
                ("decode and release, ms", \.withRelease, "%.2f", true),
                ("decode, CPU time, ms", \.usage.cpu, "%.2f", true),
                ("decode, CPU in the kernel, ms", \.usage.system, "%.2f", false),
                ("decode, page faults", \.usage.faults, "%.0f", false),
            ]
            for (measure, figure, format, isRatio) in measures {
                let growths = zip(smallCosts, largeCosts).map { isRatio ? (figure($0.1) / figure($0.0) - 1) * 100 : figure($0.1) - figure($0.0) }
                let growthFormat = isRatio ? "%+.1f%%" : "%+" + format.dropFirst()
                let cells = [
                    measure, "\(document.rawValue), \(decoder.rawValue)",
                    String(format: format, median(smallCosts.map(figure))),
                    String(format: format, median(largeCosts.map(figure))),
                    String(format: growthFormat, median(growths)),
                    String(format: growthFormat + "…" + growthFormat, quantile(growths, 0.25), quantile(growths, 0.75)),
                ]
                print("| " + cells.joined(separator: " | ") + " |")
            }
        }
    }
}
