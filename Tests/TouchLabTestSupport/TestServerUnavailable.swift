import Foundation

// The servers' "cannot run here" error. Under XCTest (`swift build --build-tests`,
// `swift test`) it is XCTest's own skip, so a test without Xvfb or root is skipped, not
// failed. Without XCTest — `swift build -c release --static-swift-stdlib`, the README's
// command for a `touchlab` on the PATH, builds every target of the package, this one too,
// and the static runtime has no XCTest — it is a plain error, and the package still builds.
#if canImport(XCTest)
  import XCTest

  public typealias TestServerUnavailable = XCTSkip
#else
  /// Why a test server cannot run on this machine.
  public struct TestServerUnavailable: Error, CustomStringConvertible {
    public let description: String

    public init(_ message: String) { description = message }
  }
#endif
