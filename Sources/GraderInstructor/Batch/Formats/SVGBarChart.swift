import Foundation
import GraderCore

/// A horizontal bar chart as inline SVG: one labelled bar per value, its number at the end.
///
/// Drawn by hand rather than with a charting library: the summary must be one offline file
/// that a browser shows without scripts, and no package on the machine's list draws SVG; a bar
/// chart is a few `rect` and `text` elements. Labels are `text` elements, so the page's text
/// (and a test dumping the DOM) reads them.
struct SVGBarChart {
    struct Bar {
        var label: String
        /// 0…1 of the chart's width.
        var fraction: Double
        /// What is written after the bar, such as `12` or `75% (9/12)`.
        var value: String
    }

    var title: String
    var bars: [Bar]
    var color = "#0969da"
    var labelWidth = 260
    var barWidth = 420
    var rowHeight = 22

    func svg() -> String {
        let width = labelWidth + barWidth + 120
        let height = rowHeight * bars.count + 10
        var parts = ["<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" font-family=\"system-ui, sans-serif\" font-size=\"12\">",
                     "<title>\(Markup.html(title))</title>"]
        for (row, bar) in bars.enumerated() {
            let y = 5 + row * rowHeight
            let length = Int((max(0, min(1, bar.fraction)) * Double(barWidth)).rounded())
            parts.append("<text x=\"\(labelWidth - 8)\" y=\"\(y + 15)\" text-anchor=\"end\">\(Markup.html(Self.shortened(bar.label)))</text>")
            parts.append("<rect x=\"\(labelWidth)\" y=\"\(y + 3)\" width=\"\(barWidth)\" height=\"\(rowHeight - 6)\" fill=\"#eaeef2\"/>")
            if length > 0 {
                parts.append("<rect x=\"\(labelWidth)\" y=\"\(y + 3)\" width=\"\(length)\" height=\"\(rowHeight - 6)\" fill=\"\(color)\"/>")
            }
            parts.append("<text x=\"\(labelWidth + barWidth + 6)\" y=\"\(y + 15)\">\(Markup.html(bar.value))</text>")
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n")
    }

    /// A label longer than the space for it is cut, so it never runs into its bar.
    static func shortened(_ label: String, limit: Int = 40) -> String {
        label.count > limit ? String(label.prefix(limit - 1)) + "…" : label
    }
}
