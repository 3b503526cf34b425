// The upload's re-encode and its photo measures in one libvips pipeline (docs/decisions/0053).
//
// sharp offers no tee: measuring the pixels of the decode that the encoder reads meant decoding to a raw
// buffer, holding the whole image, and encoding from it, at 1.35-1.55 times the re-encode's CPU in the
// server. Here a pass-through stage sits between the JPEG decoder and the JPEG encoder: each strip the
// encoder pulls is measured on its way (the same figures as src/server/uploads/photo-quality.ts) and
// never copied. Only what sharp would do to such an image is done: 8-bit, three bands, no ICC profile,
// no rotation. Anything else answers { fallback: true } and goes through sharp as before.
#include <math.h>
#include <node_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vips/vips.h>

// Must match photo-quality.ts: TILE, TILE_GRID, EXPOSURE_SAMPLES and the luma weights.
#define TILE 64
#define GRID 6
#define SAMPLES 65536
#define CLIP_AT (250 * 256)

typedef struct {
  GMutex lock;
  int width, height, size, step;
  int tile_x[GRID], tile_y[GRID];
  double tile_sum[GRID * GRID];
  long tile_count[GRID * GRID];
  double luma_sum;
  long luma_count, clipped;
} Measures;

// Luma x 256 of one RGB pixel, an integer, as lumaRow() in photo-quality.ts.
static inline int luma(const VipsPel *p) { return 77 * p[0] + 150 * p[1] + 29 * p[2]; }

static int clampi(int value, int max) { return value < 0 ? 0 : (value > max ? max : value); }

static void measures_init(Measures *m, int width, int height) {
  memset(m, 0, sizeof *m);
  g_mutex_init(&m->lock);
  m->width = width;
  m->height = height;
  m->size = TILE;
  if (width < m->size) m->size = width;
  if (height < m->size) m->size = height;
  for (int i = 0; i < GRID; i++) {
    // Math.round of photo-quality.ts: floor(x + 0.5).
    m->tile_x[i] = clampi((int)floor(width * 0.05 + ((width * 0.9 - m->size) * i) / (GRID - 1) + 0.5), width - m->size);
    m->tile_y[i] = clampi((int)floor(height * 0.05 + ((height * 0.9 - m->size) * i) / (GRID - 1) + 0.5), height - m->size);
  }
  int step = (int)floor(sqrt((double)width * height / SAMPLES));
  m->step = step < 1 ? 1 : step;
}

// One strip: exposure samples on its sampled rows, Laplacian energy on the rows inside a tile. The rows
// just above and below the strip come from their own one-row regions, so a tile crossing strips is
// measured as if whole.
static void measure_strip(Measures *m, VipsRegion *ir, const VipsRect *r, const VipsPel *above, const VipsPel *below) {
  double tile_sum[GRID * GRID] = {0};
  long tile_count[GRID * GRID] = {0};
  double luma_sum = 0;
  long luma_count = 0, clipped = 0;
  int half = m->step / 2;
  for (int y = r->top; y < r->top + r->height; y++) {
    const VipsPel *row = VIPS_REGION_ADDR(ir, r->left, y);
    if (y >= half && (y - half) % m->step == 0) {
      int first = r->left <= half ? half : half + ((r->left - half + m->step - 1) / m->step) * m->step;
      for (int x = first; x < r->left + r->width; x += m->step) {
        int l = luma(row + (x - r->left) * 3);
        luma_sum += l;
        luma_count++;
        if (l >= CLIP_AT) clipped++;
      }
    }
    const VipsPel *up = y - 1 >= r->top ? VIPS_REGION_ADDR(ir, r->left, y - 1) : above;
    const VipsPel *down = y + 1 < r->top + r->height ? VIPS_REGION_ADDR(ir, r->left, y + 1) : below;
    if (!up || !down) continue;
    for (int gy = 0; gy < GRID; gy++) {
      if (y <= m->tile_y[gy] || y >= m->tile_y[gy] + m->size - 1) continue;
      for (int gx = 0; gx < GRID; gx++) {
        int from = m->tile_x[gx] + 1, to = m->tile_x[gx] + m->size - 1;
        if (from - 1 < r->left || to + 1 > r->left + r->width) continue;
        double sum = 0;
        for (int x = from; x < to; x++) {
          int o = (x - r->left) * 3;
          int laplacian = luma(up + o) + luma(down + o) + luma(row + o - 3) + luma(row + o + 3) - 4 * luma(row + o);
          sum += (double)laplacian * laplacian;
        }
        tile_sum[gy * GRID + gx] += sum;
        tile_count[gy * GRID + gx] += to - from;
      }
    }
  }
  g_mutex_lock(&m->lock);
  for (int i = 0; i < GRID * GRID; i++) {
    m->tile_sum[i] += tile_sum[i];
    m->tile_count[i] += tile_count[i];
  }
  m->luma_sum += luma_sum;
  m->luma_count += luma_count;
  m->clipped += clipped;
  g_mutex_unlock(&m->lock);
}

typedef struct {
  VipsRegion *strip, *above, *below;
} Sequence;

static void *sequence_start(VipsImage *out, void *a, void *b) {
  VipsImage *in = (VipsImage *)a;
  Sequence *s = g_new0(Sequence, 1);
  s->strip = vips_region_new(in);
  s->above = vips_region_new(in);
  s->below = vips_region_new(in);
  return s;
}

static int sequence_stop(void *seq, void *a, void *b) {
  Sequence *s = (Sequence *)seq;
  g_object_unref(s->strip);
  g_object_unref(s->above);
  g_object_unref(s->below);
  g_free(s);
  return 0;
}

static int pass_through(VipsRegion *out, void *seq, void *a, void *b, gboolean *stop) {
  Sequence *s = (Sequence *)seq;
  VipsImage *in = (VipsImage *)a;
  const VipsRect *r = &out->valid;
  if (vips_region_prepare(s->strip, r)) return -1;
  const VipsPel *above = NULL, *below = NULL;
  if (r->top > 0) {
    VipsRect row = {r->left, r->top - 1, r->width, 1};
    if (vips_region_prepare(s->above, &row)) return -1;
    above = VIPS_REGION_ADDR(s->above, r->left, r->top - 1);
  }
  if (r->top + r->height < in->Ysize) {
    VipsRect row = {r->left, r->top + r->height, r->width, 1};
    if (vips_region_prepare(s->below, &row)) return -1;
    below = VIPS_REGION_ADDR(s->below, r->left, r->top + r->height);
  }
  measure_strip((Measures *)b, s->strip, r, above, below);
  return vips_region_region(out, s->strip, r, r->left, r->top);
}

static int descending(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x < y) - (x > y);
}

// The mean of the sharper half of the tiles' energies, as sharpness() in photo-quality.ts.
static double sharpness(const Measures *m) {
  if (m->size < 3) return 0;
  double energies[GRID * GRID];
  for (int i = 0; i < GRID * GRID; i++)
    energies[i] = m->tile_count[i] ? m->tile_sum[i] / (65536.0 * m->tile_count[i]) : 0;
  qsort(energies, GRID * GRID, sizeof(double), descending);
  int half = (GRID * GRID + 1) / 2;
  double sum = 0;
  for (int i = 0; i < half; i++) sum += energies[i];
  return sum / half;
}

typedef struct {
  napi_async_work work;
  napi_deferred deferred;
  napi_ref input_ref;
  const void *input;
  size_t input_length;
  double max_pixels;
  int quality, timeout_seconds;
  void *output;
  size_t output_length;
  char error[256];
  int fallback;
  int width, height;
  double sharpness, mean_luma, clipped_share;
} Job;

static void fail(Job *job, const char *message) {
  snprintf(job->error, sizeof job->error, "%s", message);
  vips_error_clear();
}

// As sharp's timeout(): the pipeline is told to stop once it has run this long.
static void on_eval(VipsImage *image, VipsProgress *progress, void *data) {
  if (progress->run >= *(int *)data) vips_image_set_kill(image, TRUE);
}

static int needs_sharp(VipsImage *in) {
  int orientation = 1;
  if (vips_image_get_typeof(in, VIPS_META_ORIENTATION)) vips_image_get_int(in, VIPS_META_ORIENTATION, &orientation);
  return in->BandFmt != VIPS_FORMAT_UCHAR || in->Bands != 3 || in->Type != VIPS_INTERPRETATION_sRGB ||
         vips_image_get_typeof(in, VIPS_META_ICC_NAME) || orientation != 1;
}

static void execute(napi_env env, void *data) {
  Job *job = (Job *)data;
  // Only a JPEG is teed; the caller sniffed it, and this holds even if it did not.
  const char *loader = vips_foreign_find_load_buffer(job->input, job->input_length);
  if (!loader || strcmp(loader, "VipsForeignLoadJpegBuffer")) {
    vips_error_clear();
    job->fallback = 1;
    return;
  }
  VipsImage *in = vips_image_new_from_buffer(job->input, job->input_length, "", "access", VIPS_ACCESS_SEQUENTIAL,
                                             "fail_on", VIPS_FAIL_ON_ERROR, NULL);
  if (!in) return fail(job, vips_error_buffer());
  if ((double)in->Xsize * in->Ysize > job->max_pixels) {
    g_object_unref(in);
    return fail(job, "Input image exceeds pixel limit");
  }
  if (needs_sharp(in)) {
    job->fallback = 1;
    g_object_unref(in);
    return;
  }
  Measures m;
  measures_init(&m, in->Xsize, in->Ysize);
  VipsImage *tee = vips_image_new();
  vips_image_set_progress(tee, TRUE);
  g_signal_connect(tee, "eval", G_CALLBACK(on_eval), &job->timeout_seconds);
  int failed = vips_image_pipelinev(tee, VIPS_DEMAND_STYLE_THINSTRIP, in, NULL) ||
               vips_image_generate(tee, sequence_start, pass_through, sequence_stop, in, &m) ||
               vips_jpegsave_buffer(tee, &job->output, &job->output_length, "Q", job->quality, "optimize_coding", FALSE,
                                    "keep", VIPS_FOREIGN_KEEP_NONE, "subsample_mode", VIPS_FOREIGN_SUBSAMPLE_ON, NULL);
  if (failed) fail(job, vips_error_buffer());
  g_object_unref(tee);
  g_object_unref(in);
  job->width = m.width;
  job->height = m.height;
  job->sharpness = sharpness(&m);
  job->mean_luma = m.luma_count ? m.luma_sum / 256.0 / m.luma_count : 0;
  job->clipped_share = m.luma_count ? (double)m.clipped / m.luma_count : 0;
  g_mutex_clear(&m.lock);
}

static void free_output(napi_env env, void *data, void *hint) { g_free(data); }

static void set_number(napi_env env, napi_value object, const char *name, double value) {
  napi_value v;
  napi_create_double(env, value, &v);
  napi_set_named_property(env, object, name, v);
}

static void complete(napi_env env, napi_status status, void *data) {
  Job *job = (Job *)data;
  if (job->error[0]) {
    napi_value message, error;
    napi_create_string_utf8(env, job->error, NAPI_AUTO_LENGTH, &message);
    napi_create_error(env, NULL, message, &error);
    napi_reject_deferred(env, job->deferred, error);
  } else {
    napi_value result, v;
    napi_create_object(env, &result);
    napi_get_boolean(env, job->fallback, &v);
    napi_set_named_property(env, result, "fallback", v);
    if (!job->fallback) {
      napi_create_external_buffer(env, job->output_length, job->output, free_output, NULL, &v);
      napi_set_named_property(env, result, "data", v);
      set_number(env, result, "width", job->width);
      set_number(env, result, "height", job->height);
      set_number(env, result, "sharpness", job->sharpness);
      set_number(env, result, "meanLuma", job->mean_luma);
      set_number(env, result, "clippedShare", job->clipped_share);
    }
    napi_resolve_deferred(env, job->deferred, result);
  }
  napi_delete_reference(env, job->input_ref);
  napi_delete_async_work(env, job->work);
  free(job);
}

// reencodeJpeg(bytes: Buffer, maxPixels: number, quality: number, timeoutSeconds: number): Promise<result>
static napi_value reencode_jpeg(napi_env env, napi_callback_info info) {
  size_t argc = 4;
  napi_value argv[4], promise, name;
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  bool is_buffer = false;
  if (argc == 4) napi_is_buffer(env, argv[0], &is_buffer);
  if (!is_buffer) {
    napi_throw_type_error(env, NULL, "reencodeJpeg(bytes: Buffer, maxPixels: number, quality: number, timeoutSeconds: number)");
    return NULL;
  }
  Job *job = calloc(1, sizeof *job);
  void *bytes;
  napi_get_buffer_info(env, argv[0], &bytes, &job->input_length);
  job->input = bytes;
  napi_get_value_double(env, argv[1], &job->max_pixels);
  napi_get_value_int32(env, argv[2], &job->quality);
  napi_get_value_int32(env, argv[3], &job->timeout_seconds);
  // The bytes stay referenced until the decoder is done with them.
  napi_create_reference(env, argv[0], 1, &job->input_ref);
  napi_create_promise(env, &job->deferred, &promise);
  napi_create_string_utf8(env, "photo-tee", NAPI_AUTO_LENGTH, &name);
  napi_create_async_work(env, NULL, name, execute, complete, job, &job->work);
  napi_queue_async_work(env, job->work);
  return promise;
}

// libvips is started by sharp, which the caller imports first; VIPS_INIT again is harmless either way.
NAPI_MODULE_INIT() {
  if (VIPS_INIT("photo-tee")) return NULL;
  napi_value fn;
  napi_create_function(env, "reencodeJpeg", NAPI_AUTO_LENGTH, reencode_jpeg, NULL, &fn);
  napi_set_named_property(env, exports, "reencodeJpeg", fn);
  return exports;
}
