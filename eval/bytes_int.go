package eval

import (
	"math/big"
)

// int.to_bytes and int.from_bytes, as CPython 3.11 (length defaults to 1,
// byteorder to 'big').

// littleEndian is the n low bytes of the non-negative x, least significant
// first.
func littleEndian(x *big.Int, n int) []byte {
	be := x.Bytes()
	out := make([]byte, n)
	for i := 0; i < len(be) && i < n; i++ {
		out[i] = be[len(be)-1-i]
	}
	return out
}

func byteorderArg(v Value) bool {
	s, ok := v.(Str)
	if !ok {
		throw("TypeError", errCodecArgType, "to_bytes", "byteorder", TypeName(v))
	}
	switch s {
	case "big":
		return true
	case "little":
		return false
	}
	throw("ValueError", errByteorder)
	return false
}

// intToBytes is n.to_bytes(length=1, byteorder='big', *, signed=False).
func intToBytes(a *Args) Value {
	var self Value
	var length int64 = 1
	var order Value = Str("big")
	signed := false
	a.Unpack("self", &self, "length?", &length, "byteorder?", &order, "$signed?", &signed)
	big_ := byteorderArg(order)
	if length < 0 {
		throw("ValueError", errToBytesNegLen)
	}
	n, _ := number(self)
	x := new(big.Int).Set(n.i.Big())
	if x.Sign() < 0 {
		if !signed {
			throw("OverflowError", errToBytesNegUnsigned)
		}
		x.Add(x, new(big.Int).Lsh(big.NewInt(1), uint(8*length)))
		if x.Sign() < 0 || length == 0 || (x.Bit(int(8*length)-1) == 0) {
			throw("OverflowError", errToBytesTooBig)
		}
	} else if x.BitLen() > int(8*length) || (signed && x.Sign() > 0 && x.BitLen() == int(8*length)) {
		throw("OverflowError", errToBytesTooBig)
	}
	checkStrBytes(int(length))
	out := littleEndian(x, int(length))
	if big_ {
		reverseBytes(out)
	}
	return Bytes(out)
}

func reverseBytes(b []byte) {
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
}

// intFromBytes is int.from_bytes(bytes, byteorder='big', *, signed=False).
func intFromBytes(a *Args) Value {
	var src Value
	var order Value = Str("big")
	signed := false
	a.Unpack("bytes", &src, "byteorder?", &order, "$signed?", &signed)
	big_ := byteorderArg(order)
	var b []byte
	if s, ok := src.(Str); ok {
		throw("TypeError", errFromBytesStr, TypeName(s))
	}
	b = []byte(toBytes(src))
	if !big_ {
		reverseBytes(b)
	}
	x := new(big.Int).SetBytes(b)
	if signed && len(b) > 0 && b[0]&0x80 != 0 {
		x.Sub(x, new(big.Int).Lsh(big.NewInt(1), uint(8*len(b))))
	}
	return MakeBigInt(x)
}

func init() {
	registerMethods("int", method("to_bytes", "to_bytes(length=1, byteorder='big', *, signed=False)", "Returns the int as length bytes in byteorder ('big' or 'little'), two's complement when signed.", intToBytes))
	registerMethods("bool", method("to_bytes", "to_bytes(length=1, byteorder='big', *, signed=False)", "Returns the int as length bytes in byteorder ('big' or 'little'), two's complement when signed.", intToBytes))
	m := classAttrs["int"]
	if m == nil {
		m = map[string]Value{}
		classAttrs["int"] = m
	}
	m["from_bytes"] = method("from_bytes", "from_bytes(bytes, byteorder='big', *, signed=False)", "Returns the int that the bytes represent in byteorder ('big' or 'little'), two's complement when signed.", intFromBytes)
}
