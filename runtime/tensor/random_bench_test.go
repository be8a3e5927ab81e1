package tensor

import "testing"

func BenchmarkRandFloat32(b *testing.B) {
	g := NewGenerator(0)
	for i := 0; i < b.N; i++ {
		Rand([]int{1 << 20}, Float32, g)
	}
}

func BenchmarkRandnFloat32(b *testing.B) {
	g := NewGenerator(0)
	for i := 0; i < b.N; i++ {
		Randn([]int{1 << 20}, Float32, g)
	}
}

func BenchmarkRandnFloat64(b *testing.B) {
	g := NewGenerator(0)
	for i := 0; i < b.N; i++ {
		Randn([]int{1 << 20}, Float64, g)
	}
}

func BenchmarkRandint(b *testing.B) {
	g := NewGenerator(0)
	for i := 0; i < b.N; i++ {
		Randint(0, 10, []int{1 << 20}, Int64, g, nil)
	}
}

func BenchmarkRandperm(b *testing.B) {
	g := NewGenerator(0)
	for i := 0; i < b.N; i++ {
		Randperm(1<<20, Int64, g)
	}
}
