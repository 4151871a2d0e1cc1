import CCairo
import Foundation

/// One straight-alpha (not premultiplied) RGBA pixel.
public struct PNGPixel: Equatable, Hashable, Sendable, CustomStringConvertible {
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8
  public var alpha: UInt8

  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// Unpacks cairo's native-endian premultiplied ARGB32 word, rounding the
  /// way cairo's own PNG writer does so both give the same bytes.
  public init(premultipliedARGB word: UInt32) {
    let alpha = UInt8(truncatingIfNeeded: word >> 24)
    func straight(_ shift: UInt32) -> UInt8 {
      let value = UInt32(UInt8(truncatingIfNeeded: word >> shift))
      guard alpha != 0 else { return 0 }
      let a = UInt32(alpha)
      return UInt8(min(255, (value * 255 + a / 2) / a))
    }
    self.init(red: straight(16), green: straight(8), blue: straight(0), alpha: alpha)
  }

  /// Packs into cairo's premultiplied ARGB32 word.
  var premultipliedARGB: UInt32 {
    let a = UInt32(alpha)
    func premultiplied(_ value: UInt8) -> UInt32 {
      // Exact rounding of value·a/255 without floating point.
      let t = UInt32(value) * a + 0x80
      return ((t >> 8) + t) >> 8
    }
    return a << 24 | premultiplied(red) << 16 | premultiplied(green) << 8 | premultiplied(blue)
  }

  public var description: String {
    "rgba(\(red), \(green), \(blue), \(alpha))"
  }
}

/// Why a PNG could not be read.
public enum PNGReadError: Error, Equatable, CustomStringConvertible {
  case fileNotFound(path: String)
  case notPNG(path: String, reason: String)

  public var description: String {
    switch self {
    case .fileNotFound(let path):
      return "No PNG file at \(path)."
    case .notPNG(let path, let reason):
      return "Cannot read \(path) as a PNG image: \(reason)."
    }
  }
}

/// An image held as straight-alpha RGBA bytes, row after row with no padding.
/// It is the common currency for snapshots, references and the window icon.
public struct PNGImage: Equatable, Sendable {
  public let width: Int
  public let height: Int
  /// `width × height × 4` bytes: red, green, blue, alpha.
  public private(set) var rgba: [UInt8]

  /// An image of the given size filled with one pixel value.
  public init(
    width: Int, height: Int, fill: PNGPixel = PNGPixel(red: 0, green: 0, blue: 0, alpha: 0)
  ) {
    precondition(width >= 0 && height >= 0, "negative image size")
    self.width = width
    self.height = height
    rgba = [UInt8](repeating: 0, count: width * height * 4)
    for index in 0..<(width * height) {
      rgba[index * 4] = fill.red
      rgba[index * 4 + 1] = fill.green
      rgba[index * 4 + 2] = fill.blue
      rgba[index * 4 + 3] = fill.alpha
    }
  }

  /// An image from raw RGBA bytes; nil when the byte count does not fit the size.
  public init?(width: Int, height: Int, rgba: [UInt8]) {
    guard width >= 0, height >= 0, rgba.count == width * height * 4 else { return nil }
    self.width = width
    self.height = height
    self.rgba = rgba
  }

  /// Copies premultiplied native-endian ARGB32 rows, as cairo stores them.
  public init(premultipliedARGB bytes: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerRow: Int) {
    self.width = width
    self.height = height
    var rgba = [UInt8](repeating: 0, count: width * height * 4)
    rgba.withUnsafeMutableBufferPointer { target in
      for y in 0..<height {
        for x in 0..<width {
          let word = bytes.load(fromByteOffset: y * bytesPerRow + x * 4, as: UInt32.self)
          let index = (y * width + x) * 4
          // An opaque pixel's channels are its own, a clear one's all zero (left as they
          // are): `PNGPixel(premultipliedARGB:)` gives the same, slower (most pixels of a
          // frame are opaque, and a debug build makes the call costly).
          switch word >> 24 {
          case 0:
            continue
          case 0xFF:
            target[index] = UInt8(truncatingIfNeeded: word >> 16)
            target[index + 1] = UInt8(truncatingIfNeeded: word >> 8)
            target[index + 2] = UInt8(truncatingIfNeeded: word)
            target[index + 3] = 0xFF
          default:
            let pixel = PNGPixel(premultipliedARGB: word)
            target[index] = pixel.red
            target[index + 1] = pixel.green
            target[index + 2] = pixel.blue
            target[index + 3] = pixel.alpha
          }
        }
      }
    }
    self.rgba = rgba
  }

  /// Decodes the PNG file at `url`.
  public init(contentsOf url: URL) throws {
    let path = url.path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw PNGReadError.fileNotFound(path: path)
    }
    guard !isDirectory.boolValue else {
      throw PNGReadError.notPNG(path: path, reason: "it is a folder")
    }
    guard let surface = cairo_image_surface_create_from_png(path) else {
      throw PNGReadError.notPNG(path: path, reason: "out of memory")
    }
    defer { cairo_surface_destroy(surface) }
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw PNGReadError.notPNG(path: path, reason: String(cString: cairo_status_to_string(status)))
    }
    // Cairo hands back RGB24 for opaque files and ARGB32 otherwise; both keep
    // a word per pixel, and RGB24's unused top byte must be read as opaque.
    let format = cairo_image_surface_get_format(surface)
    guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24 else {
      throw PNGReadError.notPNG(path: path, reason: "unexpected pixel format \(format.rawValue)")
    }
    cairo_surface_flush(surface)
    let width = Int(cairo_image_surface_get_width(surface))
    let height = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    let opaque = format == CAIRO_FORMAT_RGB24
    guard let data = cairo_image_surface_get_data(surface) else {
      throw PNGReadError.notPNG(path: path, reason: "no pixel data")
    }
    if opaque {
      for row in 0..<height {
        let words = UnsafeMutableRawPointer(data + row * stride).assumingMemoryBound(
          to: UInt32.self)
        for column in 0..<width { words[column] |= 0xFF00_0000 }
      }
    }
    self.init(
      premultipliedARGB: UnsafeRawBufferPointer(start: data, count: stride * height),
      width: width, height: height, bytesPerRow: stride)
  }

  public subscript(x: Int, y: Int) -> PNGPixel {
    get {
      precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel out of range")
      let index = (y * width + x) * 4
      return PNGPixel(
        red: rgba[index], green: rgba[index + 1], blue: rgba[index + 2], alpha: rgba[index + 3])
    }
    set {
      precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel out of range")
      let index = (y * width + x) * 4
      rgba[index] = newValue.red
      rgba[index + 1] = newValue.green
      rgba[index + 2] = newValue.blue
      rgba[index + 3] = newValue.alpha
    }
  }

  /// The PNG encoding of the image. The same pixels always give the same bytes.
  public func pngData() throws -> Data {
    guard width > 0, height > 0 else {
      throw PNGWriteError.encodingFailed(
        reason: "an image of \(width)×\(height) pixels has no pixels")
    }
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
    else { throw PNGWriteError.encodingFailed(reason: "out of memory") }
    defer { cairo_surface_destroy(surface) }
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
      let data = cairo_image_surface_get_data(surface)
    else { throw PNGWriteError.encodingFailed(reason: "out of memory") }
    let stride = Int(cairo_image_surface_get_stride(surface))
    for y in 0..<height {
      let words = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
      for x in 0..<width {
        words[x] = self[x, y].premultipliedARGB
      }
    }
    cairo_surface_mark_dirty(surface)
    return try encodePNG(surface: surface)
  }

  /// Writes the image as a PNG file, atomically (see `writeFileAtomically`).
  public func writePNG(to url: URL) throws {
    try writeFileAtomically(pngData(), to: url)
  }
}
