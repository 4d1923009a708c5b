// Order statistics for the runners (`scale`, `threads`), which report medians and quartiles.

/// The value at `fraction` (0…1) of `values`, interpolated between the two nearest ranks
/// (0.5 is the median, 0.25 and 0.75 the quartiles). `values` must not be empty.
package func quantile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    let position = fraction * Double(sorted.count - 1)
    let low = Int(position.rounded(.down))
    let high = min(low + 1, sorted.count - 1)
    return sorted[low] + (sorted[high] - sorted[low]) * (position - Double(low))
}

/// The median of `values` (not empty).
package func median(_ values: [Double]) -> Double {
    quantile(values, 0.5)
}
