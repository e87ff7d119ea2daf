import warnings

warnings.simplefilter("error")
warnings.warn("this run treats warnings as errors")
