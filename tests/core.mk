## tests/core.mk: owned by its module.
