## src/model/eff.mk: owned by its module.
