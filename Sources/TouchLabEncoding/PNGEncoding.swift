import CCairo
import CPNG
import Foundation

/// Runs libpng on a Cairo image surface's pixels into memory, so the file itself can be
/// written atomically by us rather than piecemeal.
///
/// Faster than Cairo's own PNG writer, with the same pixels: an opaque image (every frame
/// `shot` draws) is written as RGB, read by libpng straight from Cairo's memory with no
/// copy and no un-premultiplying, and zlib runs at level 3 with the Up filter on every row
/// instead of level 6 with libpng's per-row filter search, which is what made a
/// 1540 × 1688 shot spend most of its time compressing.
public func encodePNG(surface: OpaquePointer) throws -> Data {
  cairo_surface_flush(surface)
  let width = Int(cairo_image_surface_get_width(surface))
  let height = Int(cairo_image_surface_get_height(surface))
  let stride = Int(cairo_image_surface_get_stride(surface))
  guard width > 0, height > 0, let data = cairo_image_surface_get_data(surface) else {
    throw PNGWriteError.encodingFailed(reason: "an image of \(width)×\(height) pixels has no pixels")
  }
  let opaqueFormat = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24
  var opaque = true
  if !opaqueFormat {
    outer: for y in 0..<height {
      let words = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
      for x in 0..<width where words[x] >> 24 != 0xFF {
        opaque = false
        break outer
      }
    }
  }
  // An opaque image on a little-endian machine goes straight from Cairo's memory (B, G, R,
  // unused); anything else is copied to RGB or un-premultiplied RGBA first.
  if opaque && UInt32(1).littleEndian == 1 {
    return try writePNG(
      UnsafeBufferPointer(start: data, count: stride * height), width: width, height: height, stride: stride,
      channels: 0)
  }
  let channels = opaque ? 3 : 4
  var rows = [UInt8](repeating: 0, count: width * height * channels)
  rows.withUnsafeMutableBufferPointer { out in
    for y in 0..<height {
      let words = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
      var index = y * width * channels
      for x in 0..<width {
        let word = words[x]
        if opaque {
          out[index] = UInt8(truncatingIfNeeded: word >> 16)
          out[index + 1] = UInt8(truncatingIfNeeded: word >> 8)
          out[index + 2] = UInt8(truncatingIfNeeded: word)
        } else {
          let pixel = PNGPixel(premultipliedARGB: word)
          out[index] = pixel.red
          out[index + 1] = pixel.green
          out[index + 2] = pixel.blue
          out[index + 3] = pixel.alpha
        }
        index += channels
      }
    }
  }
  return try rows.withUnsafeBufferPointer { pixels in
    try writePNG(pixels, width: width, height: height, stride: width * channels, channels: Int32(channels))
  }
}

/// Runs libpng over rows in memory (see `touchlab_png_encode` for `channels`).
private func writePNG(
  _ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, channels: Int32
) throws -> Data {
  final class Sink { var bytes = Data() }
  let sink = Sink()
  let settings = PNGCompression.current
  let status = touchlab_png_encode(
    pixels.baseAddress, Int32(width), Int32(height), stride, channels, settings.level, settings.strategy,
    settings.filters,
    { closure, bytes, length in
      guard let closure, let bytes else { return -1 }
      Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().bytes.append(bytes, count: length)
      return 0
    }, Unmanaged.passUnretained(sink).toOpaque())
  guard status == 0 else { throw PNGWriteError.encodingFailed(reason: "libpng failed") }
  return sink.bytes
}

/// zlib's level and strategy and libpng's row filters for every PNG TouchLab writes.
struct PNGCompression {
  var level: Int32
  var strategy: Int32
  var filters: Int32

  /// Measured on `shot --scale 2` of the table scene (1540 × 1688 pixels; Benchmarks/run cli),
  /// CPU time a process on a loaded machine: Cairo's writer (level 6, every filter tried per
  /// row, RGBA un-premultiplied) 171 ms and 160 KB; level 3 with Up, RGB, 102 ms and 183 KB;
  /// the same read straight from Cairo's memory, 87 ms. Level 1 saved no more than noise.
  static let current = PNGCompression(level: 3, strategy: 0, filters: touchlab_png_filter_up())
}
