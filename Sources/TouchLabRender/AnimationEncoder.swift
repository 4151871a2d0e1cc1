import CGIF
import CImageQuant
import Foundation
import TouchLabCanvas

#if canImport(Glibc)
  import Glibc
#endif

/// Why an animation could not be encoded.
public enum AnimationError: Error, Equatable, CustomStringConvertible {
  case frameSizeMismatch(expected: String, got: String)
  case noFrames
  case encodingFailed(reason: String)

  public var description: String {
    switch self {
    case .frameSizeMismatch(let expected, let got):
      return "Every frame of an animation needs the same size: \(expected) pixels, not \(got)."
    case .noFrames:
      return "An animation needs at least one frame."
    case .encodingFailed(let reason):
      return "Could not encode the GIF animation: \(reason)."
    }
  }
}

/// Builds a looping animated GIF from canvases, with giflib for the file and libimagequant
/// for each frame's 256-colour palette (no dithering: flat interface colours stay flat).
///
/// Only what changed is stored: a frame equal to the one before lengthens that frame's
/// delay, and a changed frame keeps just the rectangle around its changed pixels, drawn over
/// the last one. The same frames and delays always give the same bytes.
public final class GIFAnimationEncoder {
  public let pixelWidth: Int
  public let pixelHeight: Int
  /// Frames stored so far (after merging unchanged ones).
  public var frameCount: Int { frames.count }

  private struct Frame {
    var left: Int, top: Int, width: Int, height: Int
    /// RGB triples, at most 256.
    var palette: [UInt8]
    var indices: [UInt8]
    /// The palette index of "unchanged: the frame before shows through", if any.
    var transparent: Int?
    /// Centiseconds.
    var delay: Int
  }

  private var frames: [Frame] = []
  /// The last frame's pixels as 0xRRGGBB words, row after row.
  private var previous: [UInt32] = []

  public init(pixelWidth: Int, pixelHeight: Int) throws {
    guard pixelWidth > 0, pixelHeight > 0, pixelWidth <= 65535, pixelHeight <= 65535 else {
      throw AnimationError.encodingFailed(reason: "a GIF cannot be \(pixelWidth)×\(pixelHeight) pixels")
    }
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    Self.pinPaletteThreads
  }

  /// libimagequant may share its work among OpenMP threads, and sums in another order give
  /// another palette: one thread makes the bytes independent of the machine's core count.
  private static let pinPaletteThreads: Void = {
    #if canImport(Glibc)
      if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "omp_set_num_threads") {
        typealias SetThreads = @convention(c) (Int32) -> Void
        unsafeBitCast(symbol, to: SetThreads.self)(1)
      }
    #endif
  }()

  /// Adds the canvas's picture (an image canvas of the encoder's size; its pixels are taken
  /// as opaque) to be shown for `delay` centiseconds.
  public func addFrame(_ canvas: CairoCanvas, delay: Int) throws {
    guard canvas.pixelWidth == pixelWidth, canvas.pixelHeight == pixelHeight else {
      throw AnimationError.frameSizeMismatch(
        expected: "\(pixelWidth)×\(pixelHeight)", got: "\(canvas.pixelWidth)×\(canvas.pixelHeight)")
    }
    var pixels = [UInt32](repeating: 0, count: pixelWidth * pixelHeight)
    canvas.withUnsafePixelBytes { bytes in
      let stride = canvas.bytesPerRow
      for y in 0..<pixelHeight {
        for x in 0..<pixelWidth {
          pixels[y * pixelWidth + x] = bytes.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) & 0xFF_FFFF
        }
      }
    }
    let delay = max(1, delay)
    guard let changed = changedRectangle(pixels) else {
      frames[frames.count - 1].delay += delay
      return
    }
    frames.append(try quantize(pixels, in: changed, delay: delay))
    previous = pixels
  }

  /// The bounding box of the pixels that differ from the previous frame (all of them for the
  /// first); nil when none does.
  private func changedRectangle(_ pixels: [UInt32]) -> (left: Int, top: Int, width: Int, height: Int)? {
    guard !previous.isEmpty else { return (0, 0, pixelWidth, pixelHeight) }
    var minX = pixelWidth
    var minY = pixelHeight
    var maxX = -1
    var maxY = -1
    for y in 0..<pixelHeight {
      let row = y * pixelWidth
      for x in 0..<pixelWidth where pixels[row + x] != previous[row + x] {
        minX = min(minX, x)
        maxX = max(maxX, x)
        minY = min(minY, y)
        maxY = max(maxY, y)
      }
    }
    guard maxX >= 0 else { return nil }
    return (minX, minY, maxX - minX + 1, maxY - minY + 1)
  }

  private func quantize(
    _ pixels: [UInt32], in rect: (left: Int, top: Int, width: Int, height: Int), delay: Int
  ) throws -> Frame {
    // After the first frame, a pixel that did not change is left transparent, so the one
    // before shows through it: a scroll redraws the scene, not the panel beside it.
    var rgba = [UInt8](repeating: 255, count: rect.width * rect.height * 4)
    let first = previous.isEmpty
    for y in 0..<rect.height {
      for x in 0..<rect.width {
        let offset = (rect.top + y) * pixelWidth + rect.left + x
        let word = pixels[offset]
        let index = (y * rect.width + x) * 4
        if !first && word == previous[offset] {
          rgba[index] = 0
          rgba[index + 1] = 0
          rgba[index + 2] = 0
          rgba[index + 3] = 0
          continue
        }
        rgba[index] = UInt8(truncatingIfNeeded: word >> 16)
        rgba[index + 1] = UInt8(truncatingIfNeeded: word >> 8)
        rgba[index + 2] = UInt8(truncatingIfNeeded: word)
      }
    }
    guard let attributes = liq_attr_create() else { throw AnimationError.encodingFailed(reason: "out of memory") }
    defer { liq_attr_destroy(attributes) }
    liq_set_max_colors(attributes, 256)
    return try rgba.withUnsafeBytes { bytes in
      guard
        let image = liq_image_create_rgba(
          attributes, bytes.baseAddress!, Int32(rect.width), Int32(rect.height), 0)
      else { throw AnimationError.encodingFailed(reason: "libimagequant refused a frame") }
      defer { liq_image_destroy(image) }
      var result: OpaquePointer?
      guard liq_image_quantize(image, attributes, &result) == LIQ_OK, let result else {
        throw AnimationError.encodingFailed(reason: "libimagequant could not make a palette")
      }
      defer { liq_result_destroy(result) }
      liq_set_dithering_level(result, 0)
      var indices = [UInt8](repeating: 0, count: rect.width * rect.height)
      let status = indices.withUnsafeMutableBytes { buffer in
        liq_write_remapped_image(result, image, buffer.baseAddress!, buffer.count)
      }
      guard status == LIQ_OK, let palette = liq_get_palette(result) else {
        throw AnimationError.encodingFailed(reason: "libimagequant could not remap a frame")
      }
      var colours: [UInt8] = []
      var transparent: Int?
      withUnsafeBytes(of: palette.pointee.entries) { entries in
        let entries = entries.bindMemory(to: liq_color.self)
        for index in 0..<Int(palette.pointee.count) {
          colours += [entries[index].r, entries[index].g, entries[index].b]
          if entries[index].a < 128 && transparent == nil { transparent = index }
        }
      }
      return Frame(
        left: rect.left, top: rect.top, width: rect.width, height: rect.height, palette: colours, indices: indices,
        transparent: transparent, delay: delay)
    }
  }

  /// The whole animation, looping forever.
  public func gifData() throws -> Data {
    guard !frames.isEmpty else { throw AnimationError.noFrames }
    final class Sink { var bytes = Data() }
    let sink = Sink()
    var error: Int32 = 0
    let gif = EGifOpen(
      Unmanaged.passUnretained(sink).toOpaque(),
      { file, data, length in
        guard let file, let data, let user = file.pointee.UserData else { return 0 }
        Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue().bytes.append(data, count: Int(length))
        return length
      }, &error)
    guard let gif else { throw AnimationError.encodingFailed(reason: Self.message(error)) }
    var open = true
    defer { if open { EGifCloseFile(gif, &error) } }
    func check(_ status: Int32) throws {
      guard status == GIF_OK else { throw AnimationError.encodingFailed(reason: Self.message(gif.pointee.Error)) }
    }
    EGifSetGifVersion(gif, true)
    try check(EGifPutScreenDesc(gif, Int32(pixelWidth), Int32(pixelHeight), 8, 0, nil))
    // NETSCAPE2.0: loop forever.
    try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE))
    var application = Array("NETSCAPE2.0".utf8)
    try check(EGifPutExtensionBlock(gif, 11, &application))
    var loop: [UInt8] = [1, 0, 0]
    try check(EGifPutExtensionBlock(gif, 3, &loop))
    try check(EGifPutExtensionTrailer(gif))
    for frame in frames {
      var control = GraphicsControlBlock(
        DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false, DelayTime: Int32(min(frame.delay, 65535)),
        TransparentColor: frame.transparent.map { Int32($0) } ?? NO_TRANSPARENT_COLOR)
      var extensionBytes = [UInt8](repeating: 0, count: 4)
      let length = EGifGCBToExtension(&control, &extensionBytes)
      try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), &extensionBytes))
      // A GIF colour table holds a power of two colours.
      let count = frame.palette.count / 3
      var tableSize = 2
      while tableSize < count { tableSize *= 2 }
      var colours = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: tableSize)
      for index in 0..<count {
        colours[index] = GifColorType(
          Red: frame.palette[index * 3], Green: frame.palette[index * 3 + 1], Blue: frame.palette[index * 3 + 2])
      }
      guard let map = GifMakeMapObject(Int32(tableSize), &colours) else {
        throw AnimationError.encodingFailed(reason: "out of memory")
      }
      defer { GifFreeMapObject(map) }
      try check(
        EGifPutImageDesc(
          gif, Int32(frame.left), Int32(frame.top), Int32(frame.width), Int32(frame.height), false, map))
      var indices = frame.indices
      try check(EGifPutLine(gif, &indices, Int32(indices.count)))
    }
    open = false
    guard EGifCloseFile(gif, &error) == GIF_OK else {
      throw AnimationError.encodingFailed(reason: Self.message(error))
    }
    return sink.bytes
  }

  private static func message(_ code: Int32) -> String {
    if let text = GifErrorString(code) { return String(cString: text) }
    return "giflib error \(code)"
  }
}
