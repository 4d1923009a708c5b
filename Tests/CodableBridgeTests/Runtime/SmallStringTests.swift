import Testing
@testable import CodableBridge

/// `SmallString` (Runtime/SmallString.swift): short ASCII strings made in, and read from, the
/// standard library's inline form. `ShortBytesTests` checks the strings byte for byte.
@Suite("SmallString")
struct SmallStringTests {
    /// `text`'s bytes as `SmallString.ascii` takes them.
    private func words(_ text: String) -> (head: UInt64, tail: UInt64) {
        var head: UInt64 = 0
        var tail: UInt64 = 0
        for (index, byte) in text.utf8.enumerated() {
            if index < 8 { head |= UInt64(byte) << UInt64(index * 8) } else { tail |= UInt64(byte) << UInt64((index - 8) * 8) }
        }
        return (head, tail)
    }

    @Test("Makes the same string as String(decoding:as:), for every length", arguments: 0 ... 15)
    func makes(count: Int) {
        let text = String("screen_name_abcd".prefix(count))
        let (head, tail) = words(text)
        let made = SmallString.ascii(head: head, tail: tail, count: count)
        #expect(made == text)
        #expect(made.utf8.count == count)
    }

    #if (arch(x86_64) || arch(arm64)) && !CODABLEBRIDGE_PORTABLE
    @Test("Its self-check passes on this toolchain (a toolchain that changes the layout fails here)")
    func selfCheckPasses() {
        #expect(SmallString.layoutHolds)
    }

    @Test("Reads a short ASCII string's bytes, and nothing from other strings")
    func reads() throws {
        let read = try #require(SmallString.inlineASCII(String(decoding: Array("screen_name".utf8), as: UTF8.self)))
        #expect(read.head == 0x6E5F_6E65_6572_6373 && read.tail == 0x65_6D61 && read.count == 11)
        #expect(SmallString.inlineASCII(String(decoding: Array("café".utf8), as: UTF8.self)) == nil)
        #expect(SmallString.inlineASCII(String(repeating: "x", count: 16)) == nil)
    }
    #else
    @Test("Portable mode: no string reads as inline")
    func readsNothing() {
        #expect(SmallString.inlineASCII("id") == nil)
    }
    #endif
}
