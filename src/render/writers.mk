## src/render/writers.mk: owned by its module.
