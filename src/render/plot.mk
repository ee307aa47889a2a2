## src/render/plot.mk: owned by its module.
