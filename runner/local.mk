## runner/local.mk: gemmscope-bench, the GEMM runner (runner/README.md).
## Its sources form their own convenience library, linked only into
## gemmscope-bench and its tests, so libgs.a holds the analysis tool alone.

noinst_LIBRARIES += runner/librunner.a
runner_librunner_a_SOURCES = \
	runner/devapi.h \
	runner/bdtype.c runner/bdtype.h \
	runner/cpugemm.c runner/cpugemm.h \
	runner/cpublas.c runner/cpublas.h \
	runner/check.c runner/check.h \
	runner/clocks.c runner/clocks.h \
	runner/psize.c runner/psize.h \
	runner/yscan.c runner/yscan.h \
	runner/tile.c runner/tile.h \
	runner/shapes.c runner/shapes.h \
	runner/measure.c runner/measure.h \
	runner/devload.c runner/devload.h \
	runner/benchout.c runner/benchout.h \
	runner/ceilings.c runner/ceilings.h \
	runner/cli.c runner/cli.h \
	runner/bench.c runner/bench.h

runner_librunner_a_CPPFLAGS = $(AM_CPPFLAGS) $(OPENBLAS_CFLAGS)
# What links librunner.a: it and the CPU backend's OpenBLAS.
RUNNER_LIBS = runner/librunner.a $(OPENBLAS_LIBS)

bin_PROGRAMS += gemmscope-bench
gemmscope_bench_SOURCES = runner/main.c
gemmscope_bench_CPPFLAGS = $(AM_CPPFLAGS) \
	-DGS_BUILD_LIBDIR='"$(abs_top_builddir)/runner"' \
	-DGS_PKGLIBDIR='"$(pkglibdir)"'
gemmscope_bench_LDADD = $(RUNNER_LIBS) $(GS_LIBS)

## Device backends: the one HIP source, built by hipcc and by nvcc (through
## hip2cuda.h) into shared libraries gemmscope-bench dlopens.  Built by
## `make` wherever the compilers are, so a device-code break fails CI even
## without a GPU.
gs_bench_devlibs =
if HAVE_HIPCC
gs_bench_devlibs += runner/gemmscope-bench-hip.so
endif
if HAVE_NVCC
gs_bench_devlibs += runner/gemmscope-bench-cuda.so
endif
benchlibdir = $(pkglibdir)
benchlib_DATA = $(gs_bench_devlibs)
CLEANFILES += runner/gemmscope-bench-hip.so runner/gemmscope-bench-cuda.so

gs_bench_device_deps = $(srcdir)/runner/gemm_kernels.hip \
	$(srcdir)/runner/hip2cuda.h $(srcdir)/runner/devapi.h

runner/gemmscope-bench-hip.so: $(gs_bench_device_deps)
	$(AM_V_GEN)$(MKDIR_P) runner && \
	$(HIPCC) $(HIP_OFFLOAD_FLAGS) $(HIP_DEVICE_FLAGS) -O3 -Wall -Wextra \
		-fPIC -shared -o $@ $(srcdir)/runner/gemm_kernels.hip $(HIP_DEVICE_LIBS)

runner/gemmscope-bench-cuda.so: $(gs_bench_device_deps)
	$(AM_V_GEN)$(MKDIR_P) runner && \
	$(NVCC) -x cu -include $(srcdir)/runner/hip2cuda.h $(NVCC_GENCODE) -O3 \
		-Xcompiler -fPIC,-Wall,-Wextra -shared -o $@ \
		$(srcdir)/runner/gemm_kernels.hip $(CUDA_DEVICE_LIBS)

EXTRA_DIST += runner/gemm_kernels.hip runner/hip2cuda.h runner/README.md
