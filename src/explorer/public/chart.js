import { get, stream, yearsBefore } from './api.js';

const { createChart, CandlestickSeries, HistogramSeries, LineSeries, createSeriesMarkers } = window.LightweightCharts;
const RED = '#d62728';
const GREEN = '#1a9641';
const MINUTE_INTERVALS = new Set(['1m', '5m', '15m', '30m', '60m']);

/** A kline's time on the chart: a day for daily and longer bars; for minute bars Beijing wall time read as UTC, so the axis shows Beijing's clock. */
const chartTime = (time, interval) =>
  MINUTE_INTERVALS.has(interval) ? Date.parse(`${time.replace(' ', 'T')}Z`) / 1000 : time.slice(0, 10);

/**
 * The candlestick chart of one security with its volume: the klines route's bars at an interval, forward-adjusted
 * or not, ex-dates and suspensions marked, and, while it is open, the live stream moving its last candle.
 */
export class SecurityChart {
  constructor(container, onQuote, onDelay) {
    this.container = container;
    this.onQuote = onQuote;
    this.onDelay = onDelay;
    this.chart = createChart(container, {
      autoSize: true,
      layout: { background: { color: '#ffffff' }, textColor: '#1d2330' },
      timeScale: { timeVisible: true, secondsVisible: false },
      localization: { locale: 'en-US' },
    });
    this.candles = this.chart.addSeries(CandlestickSeries, { borderVisible: false });
    this.volume = this.chart.addSeries(HistogramSeries, { priceScaleId: 'volume', priceFormat: { type: 'volume' } });
    this.chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    this.markers = createSeriesMarkers(this.candles, []);
    this.setRedUp(true);
  }

  /** The A-share convention (red up, green down) or the other one. */
  setRedUp(redUp) {
    const [up, down] = redUp ? [RED, GREEN] : [GREEN, RED];
    this.colors = { up, down };
    this.candles.applyOptions({ upColor: up, downColor: down, wickUpColor: up, wickDownColor: down });
    const candles = this.candles.data();
    this.volume.setData(
      this.volume.data().map((bar, i) => ({
        time: bar.time,
        value: bar.value,
        color: candles[i]?.close >= candles[i]?.open ? up : down,
      })),
    );
  }

  /**
   * Loads a security's bars at an interval and opens its stream (closing the previous one). `coverage`: its
   * datasets' spans (`/v1/data/coverage`), which say the range to ask for: the latest session of minute bars,
   * two years of daily bars, twenty of weekly and monthly ones, up to its last bar.
   */
  async show(security, interval, adjusted, coverage) {
    this.stream?.abort();
    this.interval = interval;
    const minutes = MINUTE_INTERVALS.has(interval);
    const span = coverage.get(minutes ? 'stk_mins' : 'daily');
    if (!span?.rows) {
      return this.clear(`${security.symbol} ${security.name}: no ${minutes ? 'minute' : 'daily'} bars stored`);
    }
    const years = interval === 'daily' ? 2 : 20;
    const begin = minutes ? span.last : yearsBefore(span.last, years);
    this.query = { symbol: security.symbol, interval, adjusted, begin_date: begin, end_date: span.last, limit: 1000 };
    const bars = [...(await get('/v1/market/klines', this.query)).klines].reverse();
    const times = bars.map((bar) => chartTime(bar.time, interval));
    this.candles.setData(
      bars.map((bar, i) => ({ time: times[i], open: bar.open, high: bar.high, low: bar.low, close: bar.close })),
    );
    this.volume.setData(bars.map((bar, i) => this.volumeBar(times[i], bar.volume, bar.close >= bar.open)));
    this.chart.timeScale().fitContent();
    this.container.setAttribute(
      'aria-label',
      `${security.symbol} ${security.name}: ${bars.length} ${interval} candles from ${bars[0]?.time} to ${bars.at(-1)?.time}, last close ${bars.at(-1)?.close}`,
    );
    await this.mark(security.symbol, bars, times, interval, coverage);
    this.listen(security.symbol);
  }

  clear(label) {
    this.candles.setData([]);
    this.volume.setData([]);
    this.markers.setMarkers([]);
    this.container.setAttribute('aria-label', label);
  }

  volumeBar(time, value, up) {
    return { time, value: value ?? 0, color: up ? this.colors.up : this.colors.down };
  }

  /**
   * Ex-dates (▼ ex: each day the adjustment factor steps, a distribution's or a rights issue's) and suspensions
   * (■ halt) on the days the chart holds.
   */
  async mark(symbol, bars, days, interval, coverage) {
    if (MINUTE_INTERVALS.has(interval) || bars.length === 0) return this.markers.setMarkers([]);
    const first = bars[0].time.slice(0, 10);
    const last = bars.at(-1).time.slice(0, 10);
    const [factors, status] = await Promise.all([
      coverage.get('adj_factor')?.rows
        ? get('/v1/market/adjustment-factor', { symbol, begin_date: first, end_date: last })
        : { factors: [] },
      get('/v1/stock/listing-status', { symbol }),
    ]);
    const steps = [...factors.factors]
      .reverse()
      .filter((factor, i, all) => i > 0 && factor.adj_factor !== all[i - 1].adj_factor)
      .map((factor) => factor.date);
    const halts = (Array.isArray(status) ? status[0] : status).halts
      .map((halt) => halt.start_date)
      .filter((day) => day >= first && day <= last);
    // A marker sits on the first bar on or after its day (a weekly bar holds the ex-date of its week).
    const barOf = (day) => days.find((barDay) => barDay >= day);
    const markers = [
      ...steps.map((day) => ({
        time: barOf(day),
        position: 'aboveBar',
        shape: 'arrowDown',
        color: '#1f5fbf',
        text: 'ex',
      })),
      ...halts.map((day) => ({
        time: barOf(day),
        position: 'belowBar',
        shape: 'square',
        color: '#6b7280',
        text: 'halt',
      })),
    ].filter((marker) => marker.time !== undefined);
    this.markers.setMarkers(markers.sort((a, b) => a.time.localeCompare(b.time)));
  }

  /** The live stream of the symbol: quotes to the quote panel, bars and quotes moving the last candle. */
  listen(symbol) {
    const controller = new AbortController();
    this.stream = controller;
    stream(symbol, {
      signal: controller.signal,
      onOpen: (delay) => this.onDelay(delay),
      onEvent: (event, data) => {
        if (event === 'quote') {
          this.onQuote(data);
          this.moveDaily(data.time, data.last, data.last, data.last, data.last);
        } else if (event === 'bar') {
          if (this.interval === '1m') this.moveMinute(data);
          else this.moveDaily(data.time, data.open, data.high, data.low, data.close);
        }
      },
    }).catch(() => {});
  }

  /** A minute bar of the stream: the last candle if it is the same minute, a new one after it. */
  moveMinute(bar) {
    const time = chartTime(bar.time, '1m');
    const last = this.candles.data().at(-1);
    if (last && time < last.time) return;
    this.candles.update({ time, open: bar.open, high: bar.high, low: bar.low, close: bar.close });
    this.volume.update(this.volumeBar(time, bar.volume, bar.close >= bar.open));
  }

  /** A live price moving today's daily candle (its high, low and close), or opening it. */
  moveDaily(time, open, high, low, close) {
    if (this.interval !== 'daily' || time === undefined || close === null) return;
    const day = time.slice(0, 10);
    const last = this.candles.data().at(-1);
    if (last && day < last.time) return;
    const today = last && last.time === day ? last : { time: day, open, high, low, close };
    this.candles.update({
      time: day,
      open: today.open,
      high: Math.max(today.high, high),
      low: Math.min(today.low, low),
      close,
    });
  }

  /** The candles drawn, for a reader of the page (and its tests). */
  bars() {
    return this.candles.data();
  }
}

/** A small chart of one series over dates (a histogram, or a line), for the per-security tabs. */
export function smallChart(container, kind, points, color) {
  container.replaceChildren();
  const chart = createChart(container, {
    autoSize: true,
    layout: { textColor: '#1d2330' },
    localization: { locale: 'en-US' },
  });
  const series = chart.addSeries(kind === 'line' ? LineSeries : HistogramSeries, kind === 'line' ? { color } : {});
  series.setData(
    points.map(({ time, value }) => ({
      time,
      value,
      color: kind === 'line' ? undefined : value >= 0 ? color.up : color.down,
    })),
  );
  chart.timeScale().fitContent();
  return chart;
}
