package eval

// Messages of bytes (bytes*.go), as CPython words them.
const (
	errBytesConcat       = "can't concat %s to bytes"
	errBytesLike         = "a bytes-like object is required, not '%s'"
	errBytesArgLike      = "argument should be integer or bytes-like object, not '%s'"
	errBytesRange        = "bytes must be in range(0, 256)"
	errByteRange         = "byte must be in range(0, 256)"
	errBytesNegCount     = "negative count"
	errBytesStrNoEnc     = "string argument without an encoding"
	errBytesEncNoStr     = "encoding without a string argument"
	errBytesErrNoStr     = "errors without a string argument"
	errBytesCantConvert  = "cannot convert '%s' object to bytes"
	errBytesIndexRange   = "index out of range"
	errBytesJoinItem     = "sequence item %d: expected a bytes-like object, %s found"
	errBytesPrefixType   = "%s first arg must be bytes or a tuple of bytes, not %s"
	errBytesSubNotFound  = "subsection not found"
	errBytesEmptySep     = "empty separator"
	errBytesFromhexArg   = "fromhex() argument must be str, not %s"
	errBytesFromhexAt    = "non-hexadecimal number found in fromhex() arg at position %d"
	errBytesDecodeArg    = "decode() argument 'encoding' must be str, not %s"
	errBytesStripArg     = "a bytes-like object is required, not '%s'"
	errUnknownEncoding   = "unknown encoding: %s"
	errUnknownErrHandler = "unknown error handler name '%s'"
	errEncodeChar        = "'%s' codec can't encode character %s in position %d: ordinal not in range(%d)"
	errEncodeChars       = "'%s' codec can't encode characters in position %d-%d: ordinal not in range(%d)"
	errDecodeByte        = "'%s' codec can't decode byte 0x%02x in position %d: %s"
	errDecodeBytes       = "'%s' codec can't decode bytes in position %d-%d: %s"
	errDecodeOrdinal     = "ordinal not in range(128)"
	errDecodeStart       = "invalid start byte"
	errDecodeCont        = "invalid continuation byte"
	errDecodeEnd         = "unexpected end of data"
	errEncodeSurrogate   = "surrogates not allowed"
)

const errCodecArgType = "%s() argument '%s' must be str, not %s"

// int.to_bytes and int.from_bytes (bytes_int.go).
const (
	errByteorder          = "byteorder must be either 'little' or 'big'"
	errToBytesNegLen      = "length argument must be non-negative"
	errToBytesNegUnsigned = "can't convert negative int to unsigned"
	errToBytesTooBig      = "int too big to convert"
	errFromBytesStr       = "cannot convert '%s' object to bytes"
)

// bytes % args (str_format.go).
const (
	errBytesFormatS      = "%%b requires a bytes-like object, or an object that implements __bytes__, not '%s'"
	errBytesFormatC      = "%s requires an integer in range(256) or a single byte"
	errBytesFormatCRange = "%s arg not in range(256)"
)
