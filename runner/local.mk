## runner/local.mk: owned by its module.
