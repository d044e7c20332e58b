#!/bin/bash
# usage: profA.sh <outdir>
set -e
cd ${SRC:-/work/wt-perf45}
OUT=$1; rm -rf $OUT; mkdir -p $OUT
KEY=ak_bench_market_0123456789abcdef0123456789abcdef
PORT=19777
DATABASE_URL=mysql://root@127.0.0.1:3306/ashare_bench_10y DEMO_API_KEY=$KEY DEMO_DATA=off LOG_LEVEL=info PORT=$PORT HOST=127.0.0.1 \
  node ${PROF:+--cpu-prof --cpu-prof-dir $OUT} --import tsx src/main.ts > /dev/null &
PID=$!
for i in $(seq 100); do curl -s -o /dev/null http://127.0.0.1:$PORT/healthz && break; sleep 0.2; done
mysql -uroot -h127.0.0.1 ashare_bench_10y -e "update accounts set rate_limit_per_minute=1000000000 where email='demo@ashare.local'"
SYM=$(mysql -uroot -h127.0.0.1 ashare_bench_10y -N -e "select ts_code from daily_bars where trade_date=(select max(trade_date) from daily_bars) order by ts_code limit 1")
curl -s -o /dev/null -H "X-API-KEY: $KEY" "http://127.0.0.1:$PORT/v1/market/daily?symbol=$SYM"
T0=$(awk '{print $14+$15}' /proc/$PID/stat)
npx autocannon -c 32 -d ${DUR:-8} -H "X-API-KEY: $KEY" "http://127.0.0.1:$PORT/v1/market/daily?symbol=$SYM" 2>&1 | grep -E "Req/Sec|Latency|requests in" | tee $OUT/ac.txt
T1=$(awk '{print $14+$15}' /proc/$PID/stat)
REQ=$(grep -oE '^[0-9]+k? requests' $OUT/ac.txt | head -1 | sed 's/k requests/000/;s/ requests//')
echo "server CPU ticks $((T1-T0)) for $REQ requests: $(python3 -c "print(round(($T1-$T0)*10/$REQ*1000,1))") us/req; load $(cut -d' ' -f1 /proc/loadavg)"
kill -TERM $PID; wait $PID || true
