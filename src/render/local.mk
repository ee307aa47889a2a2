## src/render/local.mk: one writer per output format, each taking the
## report model; the format table and all-or-nothing dispatch (output.c);
## the cairo plot frame and every plot; the page template.

libgs_a_SOURCES += \
	src/render/cause_impl.h src/render/csv_history.c src/render/csv_out.c \
	src/render/figures.c src/render/figures.h src/render/figures_history.c src/render/figures_roof.c \
	src/render/figures_sweep.c \
	src/render/figures_history.h src/render/fmt.c src/render/fmt.h src/render/fmt_num.c src/render/fmt_xml.c \
	src/render/html.c src/render/html_cause.c src/render/html_core.c \
	src/render/html_eff.c src/render/html_eff.h src/render/html_history.c \
	src/render/html_history_method.c src/render/html_impl.h \
	src/render/html_single.c src/render/json.c src/render/json_cause.c \
	src/render/json_confirm.c src/render/json_explain.c \
	src/render/json_eff.c src/render/json_eff_impl.h \
	src/render/json_history.c src/render/json_model.c src/render/html_model.c src/render/model_impl.h src/render/jsonw.c src/render/jsonw.h src/render/jsonw_par.c \
	src/render/junit.c src/render/junit_history.c src/render/junitw.c \
	src/render/junitw.h src/render/markdown.c src/render/markdown_cause.c \
	src/render/markdown_confirm.c src/render/markdown_history.c \
	src/render/native_csv.h src/render/output.c src/render/output_impl.h \
	src/render/output_stale.c src/render/overroof.c src/render/overroof.h src/render/output.h \
	src/render/plot.c src/render/plot.h src/render/plot_compare.c \
	src/render/plot_dense.c src/render/plot_density.c \
	src/render/plot_draw.c src/render/plot_frame.c src/render/plot_history.c \
	src/render/plot_impl.h src/render/plot_marks.c src/render/plot_roofline.c src/render/plot_roofs.c \
	src/render/plot_svg.c src/render/plot_sweep.c src/render/plot_tile.c src/render/report.h \
	src/render/text.c src/render/writer_impl.h

nobase_dist_pkgdata_DATA += templates/report.html templates/report.css

# the page's layout at any number of shapes: contents, capped tables (issue 10)
libgs_a_SOURCES += src/render/html_layout.c src/render/html_verdict.c

# what the inputs say of their machine and software (issue 13 §5)
libgs_a_SOURCES += src/render/env.c src/render/env_impl.h

# a kernel trace's GPU time by kernel class, GEMM and the rest (issue 12)
libgs_a_SOURCES += src/render/kmix.c src/render/kmix_impl.h
