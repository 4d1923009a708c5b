// `scale interleaved`: the growth of time per MB from 1 MB to 100 MB, measured in pairs within one
// process, so that a shared host's changing speed cancels out.
//
//     swift run -c release scale interleaved                        # 31 pairs, the three documents
//     swift run -c release scale interleaved --pairs 61 --documents twitter-like
//
// The fresh-process rounds (main.swift) keep every size's heap and caches apart, but a round's
// processes run seconds apart, and on a host whose speed changes within seconds a 100 MB process
// and a 1 MB one often run at different speeds (Docs/Performance.md, "What this host can
// measure"). Here one process holds both documents and times, back to back (the order
// alternating), one batch of 1 MB decodes (about 0.3 s: the median decode of the batch) and one
// 100 MB decode: a pair, about a second. The pair's growth is the 100 MB time per MB against the
// 1 MB one; the table gives the median over the pairs and the quartiles, for the decode (models
// held until the clock stops) and for the decode plus the release of its models. What the
// process's heap inherits from the other size is what a long-running process's heap would
// inherit anyway.

import BenchmarkPayloads
import CodableBridge
import Foundation

/// Times one decode of `data` (ms): the decode alone, and the decode plus the release of its
/// models.
private func timeDecode(_ document: GeneratedDocument, _ decoder: DocumentDecoder, _ data: Data) throws -> (decode: Double, withRelease: Double) {
    let start = DispatchTime.now().uptimeNanoseconds
    var models: Any? = try decoder.decode(document, data)
    let decode = withExtendedLifetime(models) { milliseconds(since: start) }
    models = nil
    return (decode, milliseconds(since: start))
}

/// Measures `pairs` interleaved pairs per document and decoder, and prints the table.
func runInterleaved(pairs: Int, documents: [GeneratedDocument], decoders: [DocumentDecoder]) throws {
    print("Growth of time per MB from 1 MB to 100 MB, in \(pairs) interleaved pairs per row (one process): median over ",
          "the pairs, quartiles in brackets; the 1 MB and 100 MB columns are the medians of the pairs' figures.", separator: "")
    print("")
    print("| measure | document, decoder | 1 MB, ms per MB | 100 MB, ms per MB | growth, median | quartiles |")
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
            var smallFigures: [(decode: Double, withRelease: Double)] = []
            var largeFigures: [(decode: Double, withRelease: Double)] = []
            for pair in 0..<pairs {
                func smallBatch() throws -> (decode: Double, withRelease: Double) {
                    let times = try (0..<batch).map { _ in try timeDecode(document, decoder, small) }
                    return (median(times.map(\.decode)) / smallMB, median(times.map(\.withRelease)) / smallMB)
                }
                func largeOne() throws -> (decode: Double, withRelease: Double) {
                    let time = try timeDecode(document, decoder, large)
                    return (time.decode / largeMB, time.withRelease / largeMB)
                }
                if pair.isMultiple(of: 2) {
                    smallFigures.append(try smallBatch())
                    largeFigures.append(try largeOne())
                } else {
                    largeFigures.append(try largeOne())
                    smallFigures.append(try smallBatch())
                }
            }
            for (measure, figure) in [("decode", { (f: (decode: Double, withRelease: Double)) in f.decode }),
                                      ("decode and release", { (f: (decode: Double, withRelease: Double)) in f.withRelease })] {
                let growths = zip(smallFigures, largeFigures).map { (figure($0.1) / figure($0.0) - 1) * 100 }
                let cells = [
                    measure, "\(document.rawValue), \(decoder.rawValue)",
                    String(format: "%.2f", median(smallFigures.map(figure))),
                    String(format: "%.2f", median(largeFigures.map(figure))),
                    String(format: "%+.1f%%", median(growths)),
                    String(format: "%+.1f…%+.1f%%", quantile(growths, 0.25), quantile(growths, 0.75)),
                ]
                print("| " + cells.joined(separator: " | ") + " |")
            }
        }
    }
}
