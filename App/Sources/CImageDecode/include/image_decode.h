// A tiny wrapper over libpng's simplified API and libjpeg, for Homepwner's image store.
//
// Swift cannot catch libjpeg's longjmp-based errors, so decoding lives here. Every
// function returns a status and, on failure, a one-line message in `info->message`.
// Nothing is ever printed: libjpeg's warnings are counted, not written to stderr (the
// app owns the terminal).
#ifndef HOMEPWNER_IMAGE_DECODE_H
#define HOMEPWNER_IMAGE_DECODE_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
    HP_IMAGE_OK = 0,
    /// The bytes are neither PNG nor JPEG.
    HP_IMAGE_UNKNOWN_FORMAT = 1,
    /// The format was recognised but the library could not decode it.
    HP_IMAGE_CORRUPT = 2,
    /// Width × height is over the caller's limit.
    HP_IMAGE_TOO_MANY_PIXELS = 3,
    /// malloc failed.
    HP_IMAGE_NO_MEMORY = 4,
    /// A progressive JPEG has more scans than the caller's limit: each scan is a pass over
    /// the whole image, so 500 of them cost seconds whatever the file's size.
    HP_IMAGE_TOO_MANY_SCANS = 5,
    /// The file ends before the image does (a JPEG cut short): libjpeg would fill the rest
    /// with grey.
    HP_IMAGE_TRUNCATED = 6,
} hp_image_status;

typedef enum {
    HP_IMAGE_FORMAT_UNKNOWN = 0,
    HP_IMAGE_FORMAT_PNG = 1,
    HP_IMAGE_FORMAT_JPEG = 2,
} hp_image_format;

typedef struct {
    hp_image_format format;
    uint32_t width;
    uint32_t height;
    /// The scans read (a baseline JPEG has one; a progressive one usually about ten).
    uint32_t scans;
    char message[160];
} hp_image_info;

/// Reads the format and the dimensions from the header only.
hp_image_status hp_image_probe(const unsigned char *data, size_t size, hp_image_info *info);

/// Decodes the whole image and box-averages it into `out_width` × `out_height` RGB pixels
/// (`out_rgb` holds 3 × out_width × out_height bytes). Transparent pixels are composed
/// over `background` (3 bytes). The output must not be larger than the image. An image of
/// more than `max_pixels` pixels is refused before anything is allocated, a JPEG of more
/// than `max_scans` scans as soon as its next scan starts (0: no limit), and a JPEG that
/// ends early once decoded. A JPEG is decoded with libjpeg's DCT scaling, at 1/2, 1/4 or
/// 1/8 of its size while that still covers the output grid.
hp_image_status hp_image_decode_box(
    const unsigned char *data, size_t size, uint64_t max_pixels, uint32_t max_scans,
    uint32_t out_width, uint32_t out_height, const unsigned char *background,
    unsigned char *out_rgb, hp_image_info *info);

/// Encodes a `width` × `height` gradient (red across, green down) as a JPEG of `quality`,
/// progressive (libjpeg's ten-scan script) or baseline, into `*out_data` (`*out_size`
/// bytes, to be freed with `free`): fixtures for tests and tools, without an encoder
/// program installed.
hp_image_status hp_image_encode_jpeg_gradient(uint32_t width, uint32_t height, int progressive, int quality,
                                              unsigned char **out_data, unsigned long *out_size,
                                              hp_image_info *info);

#endif
