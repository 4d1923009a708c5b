import Foundation

/// The number written for a date as seconds or milliseconds since 1970 (the date strategies and
/// value transforms of those names): the shortest that the decoder reads back as the identical
/// `Date`.
///
/// The decoder reads these numbers with `JSONDecoder`'s arithmetic — `Date(timeIntervalSince1970:
/// n)` and `Date(timeIntervalSince1970: n / 1000)` — which `.strict` must keep. Many numbers read
/// as the same date (a `Date` of 1970 resolves 0.12 µs, so `17145648.0123` and
/// `17145648.012280464` milliseconds are one date); the one with the fewest fraction digits is
/// written, and a fraction is kept whenever the date has one. For a date made from a short
/// number that is the number itself, and `JSONEncoder`'s text (`1714564800.25`,
/// `1714564800500`); where `JSONEncoder`'s arithmetic gives a longer number (`1.000046730041504`
/// for the date one millisecond after 1970), the shorter one that reads back is written.
///
/// Not every `Date` is the reading of some number: since 1970 a `Double` has half the resolution
/// it has since 2001 (0.24 µs against 0.12 µs for a date of 2024), so a date that falls between
/// two readings (as `Date()` often does) is written as a neighbouring reading. Every date read
/// from a number is written back exactly.
///
/// ```swift
/// EpochNumber.milliseconds(of: Date(timeIntervalSince1970: 17_145.648_012_3))   // 17145648.0123
/// ```
enum EpochNumber {
    /// Seconds since 1970 that `Date(timeIntervalSince1970:)` reads back as `date` when one does;
    /// not finite when `date` is not.
    static func seconds(of date: Date) -> Double {
        readingBack(date, estimate: date.timeIntervalSince1970) { Date(timeIntervalSince1970: $0) }
    }

    /// Milliseconds since 1970 that `Date(timeIntervalSince1970: n / 1000)` reads back as `date`
    /// when one does; infinite beyond ±1.8e305 seconds.
    static func milliseconds(of date: Date) -> Double {
        readingBack(date, estimate: 1000 * date.timeIntervalSince1970) { Date(timeIntervalSince1970: $0 / 1000) }
    }

    /// The number with the fewest fraction digits near `estimate` that `read` gives back as
    /// `date`; failing that, `estimate` or the nearest of its neighbours that does; failing that,
    /// `estimate`.
    @inline(__always)
    private static func readingBack(_ date: Date, estimate: Double, _ read: (Double) -> Date) -> Double {
        guard estimate.isFinite else { return estimate }
        // k fraction digits: the k-digit decimals just below and above the estimate. Each is the
        // Double nearest to that decimal (an integer below 2⁵³ divided by an exact power of ten),
        // whose shortest text has at most k fraction digits.
        var scale = 1.0
        for _ in 0...17 {
            let scaled = estimate * scale
            guard scaled.magnitude < 0x1p53 else { break }
            let below = scaled.rounded(.down), above = scaled.rounded(.up)
            let (nearer, farther) = scaled - below <= above - scaled ? (below, above) : (above, below)
            if read(nearer / scale) == date { return nearer / scale }
            if farther != nearer, read(farther / scale) == date { return farther / scale }
            scale *= 10
        }
        if read(estimate) == date { return estimate }
        var up = estimate, down = estimate
        for _ in 0..<4 {
            up = up.nextUp
            down = down.nextDown
            if read(up) == date { return up }
            if read(down) == date { return down }
        }
        return estimate
    }
}
