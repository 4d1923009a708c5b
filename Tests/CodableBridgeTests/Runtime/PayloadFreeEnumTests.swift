import Foundation
import Testing
@testable import CodableBridge

private enum Direction: String { case north, south = "S", east, west }
private enum Single: Int { case only = 7 }
private enum Levels: Int { case low = 10, high = 20 }
/// A hand-written raw value that is not an enum's.
private struct Token: RawRepresentable { var rawValue: String }

/// `PayloadFreeEnum` (Runtime/PayloadFreeEnum.swift): the cases of a raw-value enum, read from
/// its layout; nothing in portable mode.
@Suite("PayloadFreeEnum")
struct PayloadFreeEnumTests {
    #if !CODABLEBRIDGE_PORTABLE
    @Test("Lists every case in declaration order")
    func listsCases() {
        #expect(PayloadFreeEnum.cases(of: Direction.self) == [.north, .south, .east, .west])
        #expect(PayloadFreeEnum.cases(of: Single.self) == [.only])
        #expect(PayloadFreeEnum.cases(of: Levels.self)?.map(\.rawValue) == [10, 20])
    }

    @Test("A type that is not an enum has no cases")
    func notAnEnum() {
        #expect(PayloadFreeEnum.cases(of: Token.self) == nil)
    }
    #else
    @Test("Portable mode lists nothing")
    func portable() {
        #expect(PayloadFreeEnum.cases(of: Direction.self) == nil)
    }
    #endif
}
