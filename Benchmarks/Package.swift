// swift-tools-version:6.1
// TouchLab's benchmarks: a package of their own, so the root package's build (and CI's
// `swift build --build-tests`) never compiles them. Run them all with `Benchmarks/run`.
import PackageDescription

let v5: [SwiftSetting] = [.swiftLanguageMode(.v5)]

let package = Package(
  name: "TouchLabBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    // Named, so it is "TouchLab" whatever the checkout folder is called.
    .package(name: "TouchLab", path: ".."),
    .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    // Scenes, trees and finger drivers the benchmarks and tools share.
    .target(name: "CHeap", path: "Support/CHeap"),
    .target(
      name: "BenchSupport",
      dependencies: [
        "CHeap",
        .product(name: "TouchLabEngine", package: "TouchLab"),
        .product(name: "TouchLabRecords", package: "TouchLab"),
        .product(name: "TouchLabLayout", package: "TouchLab"),
      ],
      path: "Support", exclude: ["CHeap"], swiftSettings: v5),
    // package-benchmark targets (their folders sit directly in Benchmarks/, as its plugin wants).
    .executableTarget(
      name: "Engine",
      dependencies: [
        "BenchSupport",
        .product(name: "TouchLabEngine", package: "TouchLab"),
        .product(name: "TouchLabLayout", package: "TouchLab"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Engine", swiftSettings: v5,
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    .executableTarget(
      name: "Render",
      dependencies: [
        "BenchSupport",
        .product(name: "TouchLabEngine", package: "TouchLab"),
        .product(name: "TouchLabRecords", package: "TouchLab"),
        .product(name: "TouchLabLayout", package: "TouchLab"),
        .product(name: "TouchLabCanvas", package: "TouchLab"),
        .product(name: "TouchLabRender", package: "TouchLab"),
        .product(name: "TouchLabX11", package: "TouchLab"),
        .product(name: "TouchLabSandbox", package: "TouchLab"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Render", swiftSettings: v5,
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    // Whole-process measurements (not package-benchmark's: they run once, for long).
    .executableTarget(
      name: "touchlab-soak",
      dependencies: [
        "BenchSupport",
        .product(name: "TouchLabEngine", package: "TouchLab"),
        .product(name: "TouchLabLayout", package: "TouchLab"),
      ],
      path: "Tools/Soak", swiftSettings: v5),
    .executableTarget(
      name: "touchlab-profile",
      dependencies: [
        "BenchSupport",
        .product(name: "TouchLabEngine", package: "TouchLab"),
        .product(name: "TouchLabLayout", package: "TouchLab"),
        .product(name: "TouchLabRecords", package: "TouchLab"),
        .product(name: "TouchLabCanvas", package: "TouchLab"),
        .product(name: "TouchLabRender", package: "TouchLab"),
      ],
      path: "Tools/Profile", swiftSettings: v5),
    .systemLibrary(
      name: "CXBench", path: "Tools/CXBench", pkgConfig: "xtst xdamage",
      providers: [.apt(["libxtst-dev", "libxdamage-dev"])]),
    .executableTarget(
      name: "touchlab-live", dependencies: ["CXBench"], path: "Tools/Live", swiftSettings: v5),
  ]
)
