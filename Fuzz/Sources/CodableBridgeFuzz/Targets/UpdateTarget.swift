import CodableBridge
import Foundation

extension FuzzTarget {
    /// `update(_:from:)` with arbitrary patches onto a full value: it updates or throws a
    /// `DecodingError`, a failed update leaves the value untouched, and applying the same patch
    /// twice gives the same value as applying it once.
    static let update = FuzzTarget(
        name: "update",
        summary: "update(_:from:) with arbitrary patches; throws DecodingError or is idempotent"
    ) { data in
        for decoder in fuzzDecoders {
            var value = updateBase
            do {
                try decoder.update(&value, from: data)
            } catch is DecodingError, is FuzzRoot.Rejected {
                guard value == updateBase else { fuzzFailure("a failed update changed the value", input: data) }
                continue
            } catch {
                fuzzFailure("update threw \(type(of: error)), not DecodingError: \(error)", input: data)
            }
            var twice = value
            do {
                try decoder.update(&twice, from: data)
            } catch {
                fuzzFailure("a patch that applied once fails the second time under \(decoder.coercion): \(error)", input: data)
            }
            guard twice == value else {
                fuzzFailure("applying the patch twice differs from once under \(decoder.coercion)\nonce:  \(value)\ntwice: \(twice)", input: data)
            }
        }
    }
}

/// The value every patch is applied to: all properties set.
let updateBase: FuzzRoot = {
    let json = #"""
    {"id": 7, "name": "base", "meta": {"owner": "ada"}, "a.b": "dotted", "count": 3, "ratio": 0.5,
     "small": -3, "unsigned": 300, "big": 18446744073709551615, "flag": true, "price": 12.34,
     "color": "blue", "created": "2020-01-02T03:04:05Z", "blob": "AAEC", "link": "https://example.com/a",
     "numbers": [1, 2, 3], "tags": ["x", "y"], "counters": {"a": 1}, "items": [{"id": 1, "label": "one"}],
     "matrix": [[1.5], []], "pet": {"kind": "dog", "name": "rex", "info": {"breed": "lab"}},
     "kennel": {"dogs": [{"name": "fido", "info": {"breed": "pug"}}], "chief": {"name": "max", "info": {"breed": "husky"}}},
     "any": {"free": [1, "form", null]}}
    """#
    do {
        return try BridgeDecoder().decode(FuzzRoot.self, from: json)
    } catch {
        fatalError("the update base does not decode: \(error)")
    }
}()
