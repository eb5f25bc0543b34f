import java.util.*;
import java.util.concurrent.*;
import java.net.*;
import java.io.*;

public class App {
    static volatile long sink;
    static final Object lock = new Object();

    static long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

    static void sortWork() {
        Random r = new Random(1);
        while (true) {
            int[] a = new int[200000];
            for (int i = 0; i < a.length; i++) a[i] = r.nextInt();
            Arrays.sort(a);
            sink += a[0];
        }
    }

    static void hashWork() {
        while (true) {
            Map<String, Integer> m = new HashMap<>();
            for (int i = 0; i < 100000; i++) m.put("k" + i, i);
            sink += m.size();
        }
    }

    public static void main(String[] args) throws Exception {
        Thread t1 = new Thread(App::sortWork, "sorter-1");
        Thread t2 = new Thread(App::hashWork, "hasher-2");
        Thread t3 = new Thread(() -> { while (true) sink += fib(25); }, "fib-worker");
        Thread t4 = new Thread(() -> {
            synchronized (lock) { try { lock.wait(); } catch (InterruptedException e) {} }
        }, "waiter");
        ServerSocket ss = new ServerSocket(0);
        Thread t5 = new Thread(() -> { try { ss.accept(); } catch (IOException e) {} }, "acceptor");
        ExecutorService pool = Executors.newFixedThreadPool(2);
        for (int i = 0; i < 2; i++) pool.submit(() -> { while (true) sink += fib(20); });
        for (Thread t : new Thread[] { t1, t2, t3, t4, t5 }) { t.setDaemon(true); t.start(); }
        Thread.sleep(60000);
        System.exit(0);
    }
}
