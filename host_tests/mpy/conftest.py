# The lane's tests also run under CPython; their sibling helpers import by bare name.
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
