package eval

import "math/big"

type bigInt = big.Int

func newBigInt(i int64) *big.Int { return big.NewInt(i) }

func bigFromFloat(f float64) *big.Int {
	b, _ := new(big.Float).SetFloat64(f).Int(nil)
	return b
}
