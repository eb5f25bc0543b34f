use std::collections::HashMap;
use std::hint::black_box;
use std::panic;

trait Shape {
    fn area(&self) -> f64;
}
struct Sq(f64);
struct Circle(f64);
impl Shape for Sq {
    fn area(&self) -> f64 { self.0 * self.0 }
}
impl Shape for Circle {
    fn area(&self) -> f64 { 3.14159 * self.0 * self.0 }
}

#[inline(never)]
fn sum_areas<T: Shape + ?Sized>(items: &[Box<T>], rounds: usize) -> f64 {
    let mut s = 0.0;
    for _ in 0..rounds {
        for it in items {
            s += black_box(it.area());
        }
    }
    s
}

#[inline(never)]
fn count_words<K: std::hash::Hash + Eq + Clone>(keys: &[K], rounds: usize) -> usize {
    let mut m: HashMap<K, usize> = HashMap::new();
    for _ in 0..rounds {
        for k in keys {
            *m.entry(k.clone()).or_insert(0) += 1;
        }
    }
    m.len()
}

#[inline(never)]
fn apply_all(fs: &[Box<dyn Fn(u64) -> u64>], n: u64) -> u64 {
    let mut acc = 0u64;
    for i in 0..n {
        for f in fs {
            acc = acc.wrapping_add(black_box(f(i)));
        }
    }
    acc
}

#[inline(never)]
fn guarded(f: &(dyn Fn() -> i32 + Sync + panic::RefUnwindSafe)) -> i32 {
    panic::catch_unwind(f).unwrap_or(-1)
}

#[inline(never)]
fn busy(n: u64) -> i32 {
    let mut x = 1u64;
    for i in 0..n {
        x = black_box(x.wrapping_mul(6364136223846793005).wrapping_add(i));
    }
    (x >> 40) as i32
}

fn main() {
    let scale: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let shapes: Vec<Box<dyn Shape>> = (0..1000)
        .map(|i| if i % 2 == 0 { Box::new(Sq(i as f64)) as Box<dyn Shape> } else { Box::new(Circle(i as f64)) })
        .collect();
    let words: Vec<String> = (0..500).map(|i| format!("w{}", i % 97)).collect();
    let k = 7u64;
    let fs: Vec<Box<dyn Fn(u64) -> u64>> = vec![
        Box::new(|x| x * 3 + 1),
        Box::new(move |x| x ^ k),
        Box::new(|x| x.rotate_left(5)),
    ];
    let mut total = 0.0;
    for _ in 0..scale {
        total += sum_areas(&shapes, 2000);
        total += count_words(&words, 400) as f64;
        total += apply_all(&fs, 3_000_000) as f64;
        let g = || busy(20_000_000);
        total += guarded(&g) as f64;
        let sorted: Vec<u32> = {
            let mut v: Vec<u32> = (0..2_000_000u32).map(|i| i.wrapping_mul(2654435761)).collect();
            v.sort_by(|a, b| b.cmp(a));
            v
        };
        total += sorted[0] as f64;
    }
    println!("{}", total);
}
