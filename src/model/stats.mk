## src/model/stats.mk: owned by its module.
