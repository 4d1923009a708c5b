import Foundation
import Testing
@testable import CodableBridge

/// `ShortBytes`: a short ASCII string made directly in its inline form is the very `String` the
/// standard library makes from the same bytes — same bits, so equality, hashing and every view
/// behave the same.
@Suite struct ShortBytesTests {
    /// ASCII samples of every length the inline form holds (0...15).
    static let samples: [String] = {
        var samples: [String] = []
        for length in 0 ... 15 {
            let descending: [UInt8] = (0 ..< length).map { UInt8(0x7F - $0) }
            let ascending: [UInt8] = (0 ..< length).map { UInt8($0 + 1) }
            samples.append(String(repeating: "a", count: length))
            samples.append(String("id_str screen_name followers".prefix(length)))
            samples.append(String(decoding: descending, as: UTF8.self))
            samples.append(String(decoding: ascending, as: UTF8.self))
        }
        return samples
    }()

    @Test(arguments: samples)
    func asciiStringIsTheStandardString(_ sample: String) {
        let bytes = Array(sample.utf8)
        let reference = String(decoding: bytes, as: UTF8.self)
        // Read with room to load whole words past the string, and with none (the end of a buffer).
        for padding in [0, 16] {
            // One more byte past the readable end, so the buffer is never empty.
            let buffer = bytes + [UInt8](repeating: 0xFF, count: padding + 1)
            buffer.withUnsafeBufferPointer { all in
                let start = all.baseAddress!
                let short = ShortBytes(start, count: bytes.count, readableEnd: start + bytes.count + padding)
                #expect(short.isASCII)
                let made = short.asciiString()
                #expect(made == reference)
                #expect(made.hashValue == reference.hashValue)
                #expect(Array(made.utf8) == bytes)
                #expect(made.count == reference.count)
                #expect(made + "x" == reference + "x")
                #if arch(x86_64) || arch(arm64)
                #expect(withUnsafeBytes(of: made) { Array($0) } == withUnsafeBytes(of: reference) { Array($0) })
                #endif
            }
        }
    }

    /// A byte of 0x80 or more anywhere makes the bytes non-ASCII; bytes after the string never do.
    @Test(arguments: 1 ... 15)
    func highBitAnywhereIsNotASCII(_ length: Int) {
        for position in 0 ..< length {
            var bytes = [UInt8](repeating: UInt8(ascii: "k"), count: length) + [UInt8](repeating: 0xFF, count: 16)
            #expect(bytes.withUnsafeBufferPointer { ShortBytes($0.baseAddress!, count: length, readableEnd: $0.baseAddress! + $0.count).isASCII })
            bytes[position] = 0xC3
            #expect(!bytes.withUnsafeBufferPointer { ShortBytes($0.baseAddress!, count: length, readableEnd: $0.baseAddress! + $0.count).isASCII })
        }
    }

    /// The writer's reading: an inline ASCII string gives back its count and its bytes, zero
    /// past them.
    @Test(arguments: samples)
    func inlineASCIIReadsTheStandardString(_ sample: String) throws {
        #if (arch(x86_64) || arch(arm64)) && !CODABLEBRIDGE_PORTABLE
        let inline = String(decoding: Array(sample.utf8), as: UTF8.self)
        let short = try #require(ShortBytes(inlineASCII: inline))
        #expect(short.count == sample.utf8.count)
        let bytes = withUnsafeBytes(of: (short.head.littleEndian, short.tail.littleEndian)) { Array($0) }
        #expect(Array(bytes.prefix(short.count)) == Array(sample.utf8))
        #expect(bytes.dropFirst(short.count).allSatisfy { $0 == 0 })
        #else
        #expect(ShortBytes(inlineASCII: sample) == nil)
        #endif
    }

    /// Strings not held inline, or not ASCII, are not read as inline bytes.
    @Test func otherStringsAreNotInline() {
        var reserved = String()
        reserved.reserveCapacity(64)
        reserved += "abc"  // three bytes in a heap buffer
        let cases = [
            String(repeating: "a", count: 16),
            "é",
            "id_é",
            "日本",
            reserved,
            String(repeating: "long ", count: 40),
        ]
        for string in cases {
            #expect(ShortBytes(inlineASCII: string) == nil, "\(string.debugDescription)")
        }
    }
}

