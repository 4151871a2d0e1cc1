// swift-tools-version:6.1
import PackageDescription

/// The engine's, the records' and the declared classes' settings: every touch runs through them.
let hotPathSettings: [SwiftSetting] = [
  .swiftLanguageMode(.v5), .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
]

let package = Package(
  name: "TouchLab",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "touchlab", targets: ["touchlab"]),
    .library(name: "TouchLabEngine", targets: ["TouchLabEngine"]),
    .library(name: "TouchLabRecords", targets: ["TouchLabRecords"]),
    .library(name: "TouchLabScripting", targets: ["TouchLabScripting"]),
    .library(name: "TouchLabLayout", targets: ["TouchLabLayout"]),
    // For Benchmarks/ (a separate package that depends on this one by path): the frame, and
    // the frame sent to an X server as the live window sends it.
    .library(name: "TouchLabCanvas", targets: ["TouchLabCanvas"]),
    .library(name: "TouchLabEncoding", targets: ["TouchLabEncoding"]),
    .library(name: "TouchLabRender", targets: ["TouchLabRender"]),
    .library(name: "TouchLabX11", targets: ["TouchLabX11"]),
    .library(name: "TouchLabSandbox", targets: ["TouchLabSandbox"]),
    .library(name: "TouchLabImport", targets: ["TouchLabImport"]),
  ],
  dependencies: [
    .package(url: "https://github.com/jpsim/Yams.git", from: "5.0.1"),
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
    // Test-only: property-based testing with shrinking (TouchLabPropertyTests).
    .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
  ],
  targets: [
    // UIKit's touch-delivery engine: plain Swift, no C libraries, no YAML.
    // Their release builds leave out the run-time exclusivity checks, a fifth of a touch's
    // cost (docs/PERFORMANCE.md); debug builds, which every test runs, keep them.
    .target(name: "TouchLabEngine", swiftSettings: hotPathSettings),
    // Downstream of the engine: what is folded from typed records (the transcript's lines,
    // `--json`, `--explain`). No YAML, no drawing.
    .target(name: "TouchLabRecords", dependencies: ["TouchLabEngine"], swiftSettings: hotPathSettings),
    // The runtime of the classes a layout declares (logs, rules, conditions, placeholders,
    // delegates, print) behind the engine's override hooks. No YAML.
    .target(name: "TouchLabScripting", dependencies: ["TouchLabEngine"], swiftSettings: hotPathSettings),
    // Layout files (YAML) to scenes and scenarios.
    .target(
      name: "TouchLabLayout",
      dependencies: [
        "TouchLabEngine", "TouchLabRecords", "TouchLabScripting", .product(name: "Yams", package: "Yams"),
      ],
      swiftSettings: [.swiftLanguageMode(.v5)]),
    // Debugger dumps (recursiveDescription, recognizer lists, _printHierarchy) to layouts;
    // `touchlab hit`'s answers (docs/import.md).
    .target(
      name: "TouchLabImport", dependencies: ["TouchLabEngine", "TouchLabRecords", "TouchLabLayout"],
      swiftSettings: [.swiftLanguageMode(.v5)]),
    // System libraries, through pkg-config.
    .systemLibrary(
      name: "CCairo", pkgConfig: "pangocairo",
      providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]),
    .systemLibrary(
      name: "CX11", pkgConfig: "xi",
      providers: [.apt(["libx11-dev", "libxi-dev", "libxext-dev", "libxrandr-dev"])]),
    // D-Bus, for RealtimeKit: real time for a desktop user where SCHED_FIFO is refused.
    .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
    // Animated captures (`touchlab record`): GIF frames, palettes made by libimagequant.
    // PNG files written with compression settings chosen for speed (see PNGEncoding.swift).
    .systemLibrary(name: "CPNG", pkgConfig: "libpng16", providers: [.apt(["libpng-dev"])]),
    .systemLibrary(name: "CGIF", pkgConfig: "libgif", providers: [.apt(["libgif-dev"])]),
    .systemLibrary(name: "CImageQuant", pkgConfig: "imagequant", providers: [.apt(["libimagequant-dev"])]),
    // Pictures in and out: PNG files read and written (libpng), compared; the one output
    // writer (OutputFile). Knows nothing of canvases, scenes or records.
    .target(name: "TouchLabEncoding", dependencies: ["CCairo", "CPNG"], swiftSettings: [.swiftLanguageMode(.v5)]),
    // What is drawn on: the Canvas protocol, the Cairo canvas (image surfaces, drawn into any
    // memory), the SVG canvas, text, damage rectangles and stamps. Of the engine it uses its
    // number helpers (such as `Int(clamping:within:)`), none of its UIKit classes.
    .target(
      name: "TouchLabCanvas", dependencies: ["TouchLabEngine", "TouchLabEncoding", "CCairo"],
      swiftSettings: [.swiftLanguageMode(.v5)]),
    // Draws a scene, the overlay, the panel, the timeline and the diagram onto a canvas, and
    // keeps a frame's damage; animated captures (giflib, libimagequant). Knows nothing of X11.
    .target(
      name: "TouchLabRender",
      dependencies: [
        "TouchLabEngine", "TouchLabRecords", "TouchLabCanvas", "TouchLabEncoding", "CCairo", "CGIF", "CImageQuant",
      ],
      swiftSettings: [.swiftLanguageMode(.v5)]),
    // The X11 front end: window, XInput2 input, the poll loop; frames drawn on the canvas
    // module's Cairo canvas, not on the renderers.
    .target(
      name: "TouchLabX11", dependencies: ["TouchLabCanvas", "TouchLabEncoding", "CX11", "CDBus"],
      swiftSettings: [.swiftLanguageMode(.v5)]),
    // The live sandbox: a scene on the real clock in an X11 window, driven by touch and mouse.
    .target(
      name: "TouchLabSandbox",
      dependencies: [
        "TouchLabEngine", "TouchLabRecords", "TouchLabLayout", "TouchLabCanvas", "TouchLabEncoding", "TouchLabRender",
        "TouchLabX11",
      ],
      swiftSettings: [.swiftLanguageMode(.v5)]),
    .executableTarget(
      name: "touchlab",
      dependencies: [
        "TouchLabEngine", "TouchLabRecords", "TouchLabLayout", "TouchLabCanvas", "TouchLabEncoding", "TouchLabRender",
        "TouchLabX11",
        "TouchLabSandbox",
        "TouchLabImport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: [.swiftLanguageMode(.v5)]),
    .testTarget(
      name: "TouchLabEngineTests", dependencies: ["TouchLabEngine", "TouchLabRecords", "TouchLabScripting"],
      swiftSettings: [.swiftLanguageMode(.v5)]),
    .testTarget(
      name: "TouchLabLayoutTests",
      dependencies: [
        "TouchLabLayout", "TouchLabRecords", "TouchLabScripting", "TouchLabEngine", "TouchLabImport",
        "TouchLabTestSupport",
      ],
      exclude: ["Golden", "GoldenExplain", "DeviceLogs"],  // read from the source tree by path (#filePath), not bundled
      swiftSettings: [.swiftLanguageMode(.v5)]),
    // Invariants under random scenes and fingers, fuzzed layouts, the soak (docs/HARDENING.md).
    .testTarget(
      name: "TouchLabPropertyTests",
      dependencies: [
        "TouchLabEngine", "TouchLabRecords", "TouchLabScripting", "TouchLabLayout",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: [.swiftLanguageMode(.v5)]),
    .testTarget(
      name: "TouchLabImportTests",
      dependencies: [
        "TouchLabImport", "TouchLabLayout", "TouchLabRecords", "TouchLabEngine", "TouchLabTestSupport",
      ],
      exclude: ["Dumps"],  // read from the source tree by path (#filePath), not bundled
      swiftSettings: [.swiftLanguageMode(.v5)]),
    .testTarget(
      name: "TouchLabRenderTests",
      dependencies: [
        "TouchLabRender", "TouchLabCanvas", "TouchLabEncoding", "TouchLabLayout", "TouchLabRecords", "TouchLabEngine",
        "TouchLabTestSupport",
      ],
      resources: [.copy("References")],
      swiftSettings: [.swiftLanguageMode(.v5)]),
    // X servers for tests (Xvfb; Xorg with a virtual touch screen) and running programs.
    .target(
      name: "TouchLabTestSupport", dependencies: ["CX11"], path: "Tests/TouchLabTestSupport",
      swiftSettings: [.swiftLanguageMode(.v5)]),
    .testTarget(
      name: "TouchLabX11Tests",
      dependencies: [
        "TouchLabX11", "TouchLabCanvas", "TouchLabEncoding", "TouchLabEngine", "CX11", "TouchLabTestSupport",
      ],
      swiftSettings: [.swiftLanguageMode(.v5)]),
    .testTarget(
      name: "TouchLabSandboxTests",
      dependencies: [
        "TouchLabSandbox", "TouchLabX11", "TouchLabLayout", "TouchLabRecords", "TouchLabCanvas", "TouchLabEncoding",
        "TouchLabRender",
        "TouchLabEngine",
        "CX11",
        "TouchLabTestSupport",
      ],
      resources: [.copy("Layouts")],
      swiftSettings: [.swiftLanguageMode(.v5)]),
  ]
)
