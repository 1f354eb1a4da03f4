#include "image_decode.h"

#include <setjmp.h>
#include <stdio.h>  // before jpeglib.h, which uses FILE
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>
#include <png.h>

// MARK: - Shared

static hp_image_format detect_format(const unsigned char *data, size_t size) {
    static const unsigned char png_magic[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
    if (size >= 8 && memcmp(data, png_magic, 8) == 0) return HP_IMAGE_FORMAT_PNG;
    if (size >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF) return HP_IMAGE_FORMAT_JPEG;
    return HP_IMAGE_FORMAT_UNKNOWN;
}

static void set_message(hp_image_info *info, const char *message) {
    snprintf(info->message, sizeof info->message, "%s", message);
}

/// Per-output-pixel sums for the box filter.
typedef struct {
    uint32_t width, height;          // source
    uint32_t out_width, out_height;  // destination
    uint64_t *sums;                  // 3 per output pixel
    uint32_t *counts;                // 1 per output pixel
} box_accumulator;

static int box_init(box_accumulator *box, uint32_t width, uint32_t height, uint32_t out_width,
                    uint32_t out_height) {
    box->width = width;
    box->height = height;
    box->out_width = out_width;
    box->out_height = out_height;
    size_t cells = (size_t)out_width * out_height;
    box->sums = calloc(cells * 3, sizeof(uint64_t));
    box->counts = calloc(cells, sizeof(uint32_t));
    return box->sums != NULL && box->counts != NULL;
}

static void box_free(box_accumulator *box) {
    free(box->sums);
    free(box->counts);
    box->sums = NULL;
    box->counts = NULL;
}

/// Adds source row `y` (`row_width` pixels of 3 bytes, possibly DCT-scaled) to the sums.
static void box_add_row(box_accumulator *box, const unsigned char *row, uint32_t row_width, uint32_t y,
                        uint32_t rows) {
    uint32_t oy = (uint32_t)((uint64_t)y * box->out_height / rows);
    uint64_t *sums = box->sums + (size_t)oy * box->out_width * 3;
    uint32_t *counts = box->counts + (size_t)oy * box->out_width;
    for (uint32_t x = 0; x < row_width; x++) {
        uint32_t ox = (uint32_t)((uint64_t)x * box->out_width / row_width);
        sums[ox * 3] += row[x * 3];
        sums[ox * 3 + 1] += row[x * 3 + 1];
        sums[ox * 3 + 2] += row[x * 3 + 2];
        counts[ox] += 1;
    }
}

static void box_finish(const box_accumulator *box, unsigned char *out_rgb) {
    size_t cells = (size_t)box->out_width * box->out_height;
    for (size_t i = 0; i < cells; i++) {
        uint32_t n = box->counts[i] ? box->counts[i] : 1;
        for (size_t c = 0; c < 3; c++) out_rgb[i * 3 + c] = (unsigned char)((box->sums[i * 3 + c] + n / 2) / n);
    }
}

// MARK: - PNG (libpng simplified API: no longjmp reaches us)

/// Reads the header of the PNG in `data` into `image`, and its size into `info`.
static hp_image_status png_begin(const unsigned char *data, size_t size, png_image *image, hp_image_info *info) {
    memset(image, 0, sizeof *image);
    image->version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(image, data, size)) {
        set_message(info, image->message);
        return HP_IMAGE_CORRUPT;
    }
    info->width = image->width;
    info->height = image->height;
    return HP_IMAGE_OK;
}

static hp_image_status png_probe(const unsigned char *data, size_t size, hp_image_info *info) {
    png_image image;
    hp_image_status status = png_begin(data, size, &image, info);
    if (status == HP_IMAGE_OK) png_image_free(&image);
    return status;
}

static hp_image_status png_decode(const unsigned char *data, size_t size, uint64_t max_pixels,
                                  uint32_t out_width, uint32_t out_height,
                                  const unsigned char *background, unsigned char *out_rgb,
                                  hp_image_info *info) {
    png_image image;
    hp_image_status status = png_begin(data, size, &image, info);
    if (status != HP_IMAGE_OK) return status;
    if ((uint64_t)image.width * image.height > max_pixels) {
        png_image_free(&image);
        return HP_IMAGE_TOO_MANY_PIXELS;
    }
    image.format = PNG_FORMAT_RGB;
    size_t stride = (size_t)image.width * 3;
    unsigned char *pixels = malloc(stride * image.height);
    box_accumulator box;
    if (pixels == NULL || !box_init(&box, image.width, image.height, out_width, out_height)) {
        free(pixels);
        png_image_free(&image);
        set_message(info, "out of memory");
        return HP_IMAGE_NO_MEMORY;
    }
    png_color back = {background[0], background[1], background[2]};
    if (!png_image_finish_read(&image, &back, pixels, (png_int_32)stride, NULL)) {
        set_message(info, image.message);
        free(pixels);
        box_free(&box);
        return HP_IMAGE_CORRUPT;
    }
    for (uint32_t y = 0; y < image.height; y++) box_add_row(&box, pixels + y * stride, image.width, y, image.height);
    box_finish(&box, out_rgb);
    free(pixels);
    box_free(&box);
    return HP_IMAGE_OK;
}

// MARK: - JPEG (libjpeg reports errors by longjmp, which must stay inside C)

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
    hp_image_status status;  // what a longjmp means: HP_IMAGE_CORRUPT unless set
    int truncated;           // libjpeg warned that the data ended early
} jpeg_error;

static void jpeg_error_exit(j_common_ptr cinfo) {
    jpeg_error *error = (jpeg_error *)cinfo->err;
    error->base.format_message(cinfo, error->message);
    longjmp(error->jump, 1);
}

/// Warnings are counted, never printed; the one for data that ends early (which libjpeg
/// fills with grey) is remembered.
static void jpeg_quiet_output(j_common_ptr cinfo) { (void)cinfo; }

static void jpeg_note_message(j_common_ptr cinfo, int level) {
    jpeg_error *error = (jpeg_error *)cinfo->err;
    if (level >= 0) return;  // trace messages
    error->base.num_warnings++;
    if (error->base.msg_code == JWRN_JPEG_EOF) error->truncated = 1;
}

/// Stops a decode whose next scan is over the limit: libjpeg calls it while it reads a
/// progressive image's scans into its coefficient buffer.
typedef struct {
    struct jpeg_progress_mgr base;
    uint32_t max_scans;
} scan_limit;

static void jpeg_scan_monitor(j_common_ptr common) {
    j_decompress_ptr cinfo = (j_decompress_ptr)common;
    scan_limit *limit = (scan_limit *)cinfo->progress;
    if (limit->max_scans == 0 || (uint32_t)cinfo->input_scan_number <= limit->max_scans) return;
    jpeg_error *error = (jpeg_error *)cinfo->err;
    snprintf(error->message, sizeof error->message, "more than %u scans", limit->max_scans);
    error->status = HP_IMAGE_TOO_MANY_SCANS;
    longjmp(error->jump, 1);
}

/// Everything a decode owns, on the heap so that it survives the longjmp intact.
typedef struct {
    struct jpeg_decompress_struct cinfo;
    jpeg_error error;
    scan_limit scans;
    unsigned char *row;
    box_accumulator box;
} jpeg_state;

static void jpeg_state_free(jpeg_state *state) {
    free(state->row);
    box_free(&state->box);
    jpeg_destroy_decompress(&state->cinfo);
    free(state);
}

/// Decodes (when `out_rgb` is not NULL) or only probes.
static hp_image_status jpeg_run(const unsigned char *data, size_t size, uint64_t max_pixels,
                                uint32_t max_scans, uint32_t out_width, uint32_t out_height,
                                unsigned char *out_rgb, hp_image_info *info) {
    jpeg_state *const state = calloc(1, sizeof *state);
    if (state == NULL) {
        set_message(info, "out of memory");
        return HP_IMAGE_NO_MEMORY;
    }
    struct jpeg_decompress_struct *cinfo = &state->cinfo;
    cinfo->err = jpeg_std_error(&state->error.base);
    state->error.base.error_exit = jpeg_error_exit;
    state->error.base.output_message = jpeg_quiet_output;
    state->error.base.emit_message = jpeg_note_message;
    state->error.status = HP_IMAGE_CORRUPT;
    if (setjmp(state->error.jump)) {
        hp_image_status status = state->error.status;
        set_message(info, state->error.message);
        info->scans = (uint32_t)(state->cinfo.input_scan_number > 0 ? state->cinfo.input_scan_number : 0);
        jpeg_state_free(state);
        return status;
    }
    jpeg_create_decompress(cinfo);
    jpeg_mem_src(cinfo, data, (unsigned long)size);
    jpeg_read_header(cinfo, TRUE);
    info->width = cinfo->image_width;
    info->height = cinfo->image_height;
    if (out_rgb == NULL) {
        jpeg_state_free(state);
        return HP_IMAGE_OK;
    }
    if ((uint64_t)cinfo->image_width * cinfo->image_height > max_pixels) {
        jpeg_state_free(state);
        return HP_IMAGE_TOO_MANY_PIXELS;
    }
    int cmyk = cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK;
    cinfo->out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
    // Let the DCT scale down (1/2, 1/4, 1/8) while the result still covers the output grid.
    cinfo->scale_num = 1;
    cinfo->scale_denom = 1;
    for (unsigned denom = 8; denom > 1; denom /= 2) {
        if (cinfo->image_width / denom >= out_width && cinfo->image_height / denom >= out_height) {
            cinfo->scale_denom = denom;
            break;
        }
    }
    state->scans.base.progress_monitor = jpeg_scan_monitor;
    state->scans.max_scans = max_scans;
    cinfo->progress = &state->scans.base;
    jpeg_start_decompress(cinfo);
    uint32_t width = cinfo->output_width;
    uint32_t components = (uint32_t)cinfo->output_components;
    // 4 bytes a pixel: room for CMYK, and for grey expanded to RGB in place.
    state->row = malloc((size_t)width * 4);
    if (state->row == NULL || !box_init(&state->box, width, cinfo->output_height, out_width, out_height)) {
        jpeg_state_free(state);
        set_message(info, "out of memory");
        return HP_IMAGE_NO_MEMORY;
    }
    unsigned char *row = state->row;
    while (cinfo->output_scanline < cinfo->output_height) {
        uint32_t y = cinfo->output_scanline;
        JSAMPROW rows[1] = {row};
        jpeg_read_scanlines(cinfo, rows, 1);
        if (cmyk) {
            // Adobe writes inverted CMYK; this is the common conversion for it.
            for (uint32_t x = 0; x < width; x++) {
                unsigned k = row[x * 4 + 3];
                row[x * 3] = (unsigned char)(row[x * 4] * k / 255);
                row[x * 3 + 1] = (unsigned char)(row[x * 4 + 1] * k / 255);
                row[x * 3 + 2] = (unsigned char)(row[x * 4 + 2] * k / 255);
            }
        } else if (components == 1) {
            for (uint32_t x = width; x-- > 0;) row[x * 3] = row[x * 3 + 1] = row[x * 3 + 2] = row[x];
        }
        box_add_row(&state->box, row, width, y, cinfo->output_height);
    }
    jpeg_finish_decompress(cinfo);
    info->scans = (uint32_t)cinfo->input_scan_number;
    if (state->error.truncated) {
        set_message(info, "the file ends before the image does");
        jpeg_state_free(state);
        return HP_IMAGE_TRUNCATED;
    }
    box_finish(&state->box, out_rgb);
    jpeg_state_free(state);
    return HP_IMAGE_OK;
}

// MARK: - Entry points

hp_image_status hp_image_probe(const unsigned char *data, size_t size, hp_image_info *info) {
    memset(info, 0, sizeof *info);
    info->format = detect_format(data, size);
    switch (info->format) {
    case HP_IMAGE_FORMAT_PNG: return png_probe(data, size, info);
    case HP_IMAGE_FORMAT_JPEG: return jpeg_run(data, size, 0, 0, 0, 0, NULL, info);
    default: set_message(info, "neither PNG nor JPEG"); return HP_IMAGE_UNKNOWN_FORMAT;
    }
}

hp_image_status hp_image_decode_box(const unsigned char *data, size_t size, uint64_t max_pixels,
                                    uint32_t max_scans, uint32_t out_width, uint32_t out_height,
                                    const unsigned char *background, unsigned char *out_rgb,
                                    hp_image_info *info) {
    memset(info, 0, sizeof *info);
    info->format = detect_format(data, size);
    if (out_width == 0 || out_height == 0 || out_rgb == NULL) {
        set_message(info, "empty output grid");
        return HP_IMAGE_CORRUPT;
    }
    switch (info->format) {
    case HP_IMAGE_FORMAT_PNG:
        return png_decode(data, size, max_pixels, out_width, out_height, background, out_rgb, info);
    case HP_IMAGE_FORMAT_JPEG:
        return jpeg_run(data, size, max_pixels, max_scans, out_width, out_height, out_rgb, info);
    default: set_message(info, "neither PNG nor JPEG"); return HP_IMAGE_UNKNOWN_FORMAT;
    }
}

// MARK: - Encoding, for tests and tools

hp_image_status hp_image_encode_jpeg_gradient(uint32_t width, uint32_t height, int progressive, int quality,
                                              unsigned char **out_data, unsigned long *out_size,
                                              hp_image_info *info) {
    memset(info, 0, sizeof *info);
    struct jpeg_compress_struct cinfo;
    jpeg_error error;
    unsigned char *row = NULL;
    *out_data = NULL;
    *out_size = 0;
    cinfo.err = jpeg_std_error(&error.base);
    error.base.error_exit = jpeg_error_exit;
    error.base.output_message = jpeg_quiet_output;
    if (setjmp(error.jump)) {
        set_message(info, error.message);
        jpeg_destroy_compress(&cinfo);
        free(row);
        free(*out_data);
        *out_data = NULL;
        return HP_IMAGE_CORRUPT;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, out_data, out_size);
    cinfo.image_width = width;
    cinfo.image_height = height;
    cinfo.input_components = 3;
    cinfo.in_color_space = JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    if (progressive) jpeg_simple_progression(&cinfo);
    row = malloc((size_t)width * 3);
    if (row == NULL) longjmp(error.jump, 1);
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < height) {
        uint32_t y = cinfo.next_scanline;
        for (uint32_t x = 0; x < width; x++) {
            row[x * 3] = (unsigned char)(255 * x / (width > 1 ? width - 1 : 1));
            row[x * 3 + 1] = (unsigned char)(255 * y / (height > 1 ? height - 1 : 1));
            row[x * 3 + 2] = 128;
        }
        JSAMPROW rows[1] = {row};
        jpeg_write_scanlines(&cinfo, rows, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    free(row);
    info->format = HP_IMAGE_FORMAT_JPEG;
    info->width = width;
    info->height = height;
    return HP_IMAGE_OK;
}
