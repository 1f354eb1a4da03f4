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
    char message[160];
} hp_image_info;

/// Reads the format and the dimensions from the header only.
hp_image_status hp_image_probe(const unsigned char *data, size_t size, hp_image_info *info);

/// Decodes the whole image and box-averages it into `out_width` × `out_height` RGB pixels
/// (`out_rgb` holds 3 × out_width × out_height bytes). Transparent pixels are composed
/// over `background` (3 bytes). The output must not be larger than the image. An image of
/// more than `max_pixels` pixels is refused before anything is allocated.
hp_image_status hp_image_decode_box(
    const unsigned char *data, size_t size, uint64_t max_pixels, uint32_t out_width,
    uint32_t out_height, const unsigned char *background, unsigned char *out_rgb,
    hp_image_info *info);

#endif
