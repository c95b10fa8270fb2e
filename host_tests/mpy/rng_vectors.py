# Reference numbers from CPython; both lanes must reproduce them exactly (RULES 4).
SEED = 2026
FIRST16 = (52977, 21494, 48824, 26144, 2465, 30662, 24612, 51708)
SHUFFLED = b'+\x101%\x13\x00\x0c\x19\x0f\'\x15\t.\x1f\x1a#\x07\x1e\x1c&(\x0e\x1d"3,\x14\x160\x01\x06\x04 \r\x08!/\x05*\x0b$2\n-\x03\x02\x12\x11\x1b\x18\x17)'
