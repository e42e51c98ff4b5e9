// Smoothness of a scrolling page in Chromium, from the DevTools performance trace
// (bench/web-discovery.mjs, bench/web-library.mjs).

/**
 * Scrolls the window from the top at a steady `pxPerS` for `durationMs`, a frame at a time.
 * Answers the distance, the time it took, and when it started and ended on the page's clock
 * (performance.now()).
 */
export function scrollPage(page, durationMs, pxPerS) {
  return page.evaluate(
    ([durationMs, pxPerS]) =>
      new Promise((resolve) => {
        const max = document.documentElement.scrollHeight - innerHeight;
        const speed = pxPerS / 1000;
        const t0 = performance.now();
        const step = (t) => {
          const y = Math.min(max, (t - t0) * speed);
          window.scrollTo(0, y);
          if (t - t0 < durationMs) requestAnimationFrame(step);
          else resolve({ px: y, ms: t - t0, startedAt: t0, endedAt: performance.now() });
        };
        requestAnimationFrame(step);
      }),
    [durationMs, pxPerS],
  );
}

/**
 * Scrolls the window as scrollPage does while the DevTools trace records frames; counts the
 * frames Chromium reports dropped.
 */
export async function scrollTrace(page, durationMs, pxPerS) {
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const finished = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'benchmark', 'cc'] },
  });
  const scrolled = await scrollPage(page, durationMs, pxPerS);
  await cdp.send('Tracing.end');
  await finished;
  await cdp.detach();
  const dropped = events.filter((e) => e.name === 'DroppedFrame' || (e.name === 'PipelineReporter' && e.args?.chrome_frame_reporter?.state === 'STATE_DROPPED')).length;
  const presented = events.filter((e) => e.name === 'PipelineReporter' && e.args?.chrome_frame_reporter?.state === 'STATE_PRESENTED_ALL').length;
  const drawn = events.filter((e) => e.name === 'DrawFrame').length;
  const seconds = scrolled.ms / 1000;
  return { seconds, px: scrolled.px, dropped, droppedPerS: dropped / seconds, presentedPerS: (presented || drawn) / seconds };
}
