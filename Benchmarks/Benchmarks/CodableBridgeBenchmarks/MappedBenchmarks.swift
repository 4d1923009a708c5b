// Mapping tables, coercion of a messy payload, and many small objects.
//
// "Decode twitter — CodableBridge (mapped)" and "Decode weibo-status — CodableBridge (mapped)":
//   the same payloads through `MappableCodable` models (Mapped/), with the default (lenient)
//   BridgeDecoder. Compare, in the same group, with Foundation (hand-written CodingKeys) and with
//   CodableBridge on the unmapped strict model. "Decode twitter — CodableBridge (mapped, no key
//   paths)" keeps `metadata` and `entities` nested (renames and alternates only), to show what the
//   key paths cost.
//
// "Decode twitter (numbers as strings)": twitter.json with every number quoted, decoded by the
//   lenient BridgeDecoder into the strict `TwitterSearch` model (every number is coerced), with and
//   without a report, and with a `DecodingTelemetry` (no report: every coercion counted; set it
//   against the report variant). compare.py sets it against "Decode twitter" (strict, original
//   payload).
//
// "Decode 10k small objects" and "Decode 1 small object ×1000": `SmallMapped` (mapping table)
//   against `SmallHandwritten` (CodingKeys + init(from:)) through both decoders. If the table is
//   resolved once per type, mapped and hand-written cost the same per object.

import Benchmark
import BenchmarkPayloads
import CodableBridge
import Foundation

func registerMappedBenchmarks() {
    registerMappedPayloads()
    registerNumbersAsStrings()
    registerSmallObjects()
}

private func registerMappedPayloads() {
    Benchmark(Suite.name("Decode twitter", "\(Suite.bridge) (mapped)"), configuration: Suite.configuration(for: .twitter)) { benchmark, state in
        for _ in benchmark.scaledIterations {
            blackHole(try state.bridge.decode(MappedTwitterSearch.self, from: state.data))
        }
    } setup: { () throws -> DecodeState<MappedTwitterSearch> in
        let data = Payload.twitter.data
        let decoder = BridgeDecoder.lenient
        let mapped = try Check.bridge("mapped decode of twitter.json") { try decoder.decode(MappedTwitterSearch.self, from: data) }
        try mapped.verify(against: try Check.foundationDecode(TwitterSearch.self, data, "twitter.json"))
        return DecodeState(data: data, bridge: decoder)
    }

    Benchmark(Suite.name("Decode twitter", "\(Suite.bridge) (mapped, no key paths)"), configuration: Suite.configuration(for: .twitter)) { benchmark, state in
        for _ in benchmark.scaledIterations {
            blackHole(try state.bridge.decode(MappedTwitterSearchNoKeyPaths.self, from: state.data))
        }
    } setup: { () throws -> DecodeState<MappedTwitterSearchNoKeyPaths> in
        let data = Payload.twitter.data
        let decoder = BridgeDecoder.lenient
        let mapped = try Check.bridge("mapped decode (no key paths) of twitter.json") { try decoder.decode(MappedTwitterSearchNoKeyPaths.self, from: data) }
        try mapped.verify(against: try Check.foundationDecode(TwitterSearch.self, data, "twitter.json"))
        return DecodeState(data: data, bridge: decoder)
    }

    Benchmark(Suite.name("Decode weibo-status", "\(Suite.bridge) (mapped)"), configuration: Suite.configuration(for: .weiboStatus)) { benchmark, state in
        for _ in benchmark.scaledIterations {
            blackHole(try state.bridge.decode(MappedWeiboStatus.self, from: state.data))
        }
    } setup: { () throws -> DecodeState<MappedWeiboStatus> in
        let data = Payload.weiboStatus.data
        let decoder = BridgeDecoder.lenient
        let mapped = try Check.bridge("mapped decode of yymodel_weibo_status.json") { try decoder.decode(MappedWeiboStatus.self, from: data) }
        try mapped.verify(against: try Check.foundationDecode(WeiboStatus.self, data, "yymodel_weibo_status.json"))
        return DecodeState(data: data, bridge: decoder)
    }
}

private func registerNumbersAsStrings() {
    let group = "Decode twitter (numbers as strings)"
    let configuration = Suite.configuration(for: .twitter)

    func makeState() throws -> DecodeState<TwitterSearch> {
        let original = Payload.twitter.data
        let quoted = NumbersAsStrings.quotingNumbers(in: original)
        if (try? JSONDecoder().decode(TwitterSearch.self, from: quoted)) != nil {
            throw SetupFailure("numbers-as-strings twitter.json still decodes with JSONDecoder: numbers were not quoted")
        }
        return try makeBridgeDecodeState(TwitterSearch.self, quoted, decoder: .lenient,
                                         "lenient decode of twitter.json with numbers as strings", expected: original)
    }

    Benchmark(Suite.name(group, "\(Suite.bridge) (lenient)"), configuration: configuration) { benchmark, state in
        for _ in benchmark.scaledIterations {
            blackHole(try state.bridge.decode(TwitterSearch.self, from: state.data))
        }
    } setup: { () throws -> DecodeState<TwitterSearch> in
        try makeState()
    }

    Benchmark(Suite.name(group, "\(Suite.bridge) (lenient, report)"), configuration: configuration) { benchmark, state in
        for _ in benchmark.scaledIterations {
            var report = DecodingReport()
            blackHole(try state.bridge.decode(TwitterSearch.self, from: state.data, report: &report))
            blackHole(report)
        }
    } setup: { () throws -> DecodeState<TwitterSearch> in
        let state = try makeState()
        var report = DecodingReport()
        _ = try Check.bridge("lenient decode of twitter.json with numbers as strings, with a report") {
            try state.bridge.decode(TwitterSearch.self, from: state.data, report: &report)
        }
        guard report.events.contains(where: { $0.kind == .coerced }) else {
            throw SetupFailure("CodableBridge MISMATCH: decoding twitter.json with numbers as strings reported no coercion")
        }
        return state
    }

    Benchmark(Suite.name(group, "\(Suite.bridge) (lenient, telemetry)"), configuration: configuration) { benchmark, state in
        for _ in benchmark.scaledIterations {
            blackHole(try state.bridge.decode(TwitterSearch.self, from: state.data))
        }
    } setup: { () throws -> DecodeState<TwitterSearch> in
        let plain = try makeState()
        let telemetry = DecodingTelemetry()
        var decoder = plain.bridge
        decoder.telemetry = telemetry
        var report = DecodingReport()
        _ = try Check.bridge("lenient decode of twitter.json with numbers as strings, with a report and telemetry") {
            try decoder.decode(TwitterSearch.self, from: plain.data, report: &report)
        }
        let counted = telemetry.snapshot().reduce(0) { $0 + $1.count }
        guard counted > 0, counted == report.events.count else {
            throw SetupFailure("CodableBridge MISMATCH: telemetry counted \(counted) events, the report holds \(report.events.count)")
        }
        telemetry.reset()
        return DecodeState(data: plain.data, bridge: decoder)
    }
}

/// Inputs of a small-objects benchmark.
final class SmallState {
    let data: Data
    let foundation = JSONDecoder()
    let bridge = BridgeDecoder.lenient

    init(data: Data) {
        self.data = data
    }
}

private func registerSmallObjects() {
    let arrayCount = 10_000
    let arrayGroup = "Decode 10k small objects"
    let arrayConfiguration = Suite.configuration(large: true)

    func arrayState(checkBridge: Bool) throws -> SmallState {
        let state = SmallState(data: SmallPayload.array(count: arrayCount))
        let reference = try Check.foundationDecode([SmallHandwritten].self, state.data, "10 000 small objects").map(\.record)
        guard reference.count == arrayCount else { throw SetupFailure("expected \(arrayCount) small objects") }
        if checkBridge {
            let mapped = try Check.bridge("decode of 10 000 SmallMapped") { try state.bridge.decode([SmallMapped].self, from: state.data) }
            try Check.same(mapped.map(\.record), reference, "[SmallMapped]")
            let handwritten = try Check.bridge("decode of 10 000 SmallHandwritten") { try state.bridge.decode([SmallHandwritten].self, from: state.data) }
            try Check.same(handwritten.map(\.record), reference, "[SmallHandwritten]")
        }
        return state
    }

    Benchmark(Suite.name(arrayGroup, Suite.foundation), configuration: arrayConfiguration) { benchmark, state in
        for _ in benchmark.scaledIterations {
            blackHole(try state.foundation.decode([SmallHandwritten].self, from: state.data))
        }
    } setup: { () throws -> SmallState in
        try arrayState(checkBridge: false)
    }

    Benchmark(Suite.name(arrayGroup, "\(Suite.bridge) (mapped)"), configuration: arrayConfiguration) { benchmark, state in
        for _ in benchmark.scaledIterations {
            blackHole(try state.bridge.decode([SmallMapped].self, from: state.data))
        }
    } setup: { () throws -> SmallState in
        try arrayState(checkBridge: true)
    }

    Benchmark(Suite.name(arrayGroup, "\(Suite.bridge) (hand-written)"), configuration: arrayConfiguration) { benchmark, state in
        for _ in benchmark.scaledIterations {
            blackHole(try state.bridge.decode([SmallHandwritten].self, from: state.data))
        }
    } setup: { () throws -> SmallState in
        try arrayState(checkBridge: true)
    }

    // One object per decode call, 1 000 calls per iteration: the per-type table cache is shared
    // across calls, so the mapped model must not pay for its table on every call.
    let oneGroup = "Decode 1 small object ×1000"
    let oneConfiguration = Suite.configuration(large: true, scalingFactor: .kilo)

    func oneState(checkBridge: Bool) throws -> SmallState {
        let state = SmallState(data: Data(SmallPayload.object(9).utf8))
        let reference = try Check.foundationDecode(SmallHandwritten.self, state.data, "one small object").record
        if checkBridge {
            let mapped = try Check.bridge("decode of one SmallMapped") { try state.bridge.decode(SmallMapped.self, from: state.data) }
            try Check.same(mapped.record, reference, "SmallMapped")
            let handwritten = try Check.bridge("decode of one SmallHandwritten") { try state.bridge.decode(SmallHandwritten.self, from: state.data) }
            try Check.same(handwritten.record, reference, "SmallHandwritten")
        }
        return state
    }

    Benchmark(Suite.name(oneGroup, Suite.foundation), configuration: oneConfiguration) { benchmark, state in
        for _ in benchmark.scaledIterations {
            blackHole(try state.foundation.decode(SmallHandwritten.self, from: state.data))
        }
    } setup: { () throws -> SmallState in
        try oneState(checkBridge: false)
    }

    Benchmark(Suite.name(oneGroup, "\(Suite.bridge) (mapped)"), configuration: oneConfiguration) { benchmark, state in
        for _ in benchmark.scaledIterations {
            blackHole(try state.bridge.decode(SmallMapped.self, from: state.data))
        }
    } setup: { () throws -> SmallState in
        try oneState(checkBridge: true)
    }

    Benchmark(Suite.name(oneGroup, "\(Suite.bridge) (hand-written)"), configuration: oneConfiguration) { benchmark, state in
        for _ in benchmark.scaledIterations {
            blackHole(try state.bridge.decode(SmallHandwritten.self, from: state.data))
        }
    } setup: { () throws -> SmallState in
        try oneState(checkBridge: true)
    }
}
