// The "numbers as strings" input: twitter.json with every JSON number written as a string
// (`"id": 505874924095815681` → `"id": "505874924095815681"`), as some APIs do. Generated in setup
// by a byte-level pass that quotes each number token outside strings, so the digits are kept
// exactly (no round trip through Double).

import Foundation

enum NumbersAsStrings {
    /// `json` with every number token wrapped in quotes.
    static func quotingNumbers(in json: Data) -> Data {
        var output = [UInt8]()
        output.reserveCapacity(json.count + json.count / 8)
        var inString = false
        var escaped = false
        var inNumber = false
        for byte in json {
            if inString {
                output.append(byte)
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            let isNumberByte = (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
            if inNumber && !isNumberByte {
                output.append(UInt8(ascii: "\""))
                inNumber = false
            } else if !inNumber && (byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))) {
                output.append(UInt8(ascii: "\""))
                inNumber = true
            }
            if byte == UInt8(ascii: "\"") {
                inString = true
            }
            output.append(byte)
        }
        if inNumber {
            output.append(UInt8(ascii: "\""))
        }
        return Data(output)
    }
}
