## src/model/local.mk: pure computation, no file or stream I/O
## (tests/layers.sh): shapes and dtypes, statistics, change points, the GPU
## table, kernel names, FLOP/bytes, roofline and quantisation, tile model,
## occupancy.

libgs_a_SOURCES += \
	src/model/changepoint.c src/model/changepoint.h src/model/efficiency.c \
	src/model/efficiency.h src/model/env.c src/model/env.h src/model/gemm.c src/model/gemm.h src/model/gpu.c \
	src/model/gpu.h src/model/gpu_impl.h src/model/gpu_table_amd.c \
	src/model/gpu_table_nv.c src/model/kendall.c src/model/kendall.h src/model/kernel_math.c src/model/kernel_name.c \
	src/model/kernel_name.h src/model/kernel_name_amd.c \
	src/model/kernel_name_impl.h src/model/kernel_name_nv.c \
	src/model/occupancy.c src/model/occupancy.h src/model/shape.c \
	src/model/shape.h src/model/stats.c src/model/stats.h src/model/tile_model.c \
	src/model/tile_model.h

# what any kernel's name says it does, and a profile's GPU time by class
# (issue 12)
libgs_a_SOURCES += src/model/kernel_class.c src/model/kernel_class.h src/model/kernel_mix.c
