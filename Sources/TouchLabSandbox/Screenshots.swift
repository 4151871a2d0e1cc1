import Foundation

/// Where the screenshot key saves: `touchlab-LAYOUT-YYYYMMDD-HHMMSS.png` in the current
/// folder (where `touchlab` was started, like `scrot` and `import`), `-2`, `-3`… added when
/// several are taken within one second. The file is written atomically and its path printed.
public enum Screenshots {
  public static func url(
    forLayout layoutPath: String, in folder: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
    date: Date = Date(), fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
  ) -> URL {
    let layout = ((layoutPath as NSString).lastPathComponent as NSString).deletingPathExtension
    let safeLayout = String(layout.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    let stem = "touchlab-\(safeLayout.isEmpty ? "layout" : safeLayout)-\(formatter.string(from: date))"
    var candidate = folder.appendingPathComponent("\(stem).png")
    var number = 2
    while fileExists(candidate.path) {
      candidate = folder.appendingPathComponent("\(stem)-\(number).png")
      number += 1
    }
    return candidate
  }
}
