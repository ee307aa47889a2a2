#include "analysis/compare.h"
