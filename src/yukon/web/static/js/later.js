// @ts-check
//# allFunctionsCalledOnLoad
/**
 * Work that need not be in the frame a move is drawn in. A drop's frame starts
 * the cards' slides and draws no new card; the card the move turns up is drawn
 * in the next frame, and the words (the info bar, the buttons, the names and
 * announcements for screen readers) follow once those frames are drawn. Each
 * task runs in the order it was asked for, so that nothing is lost nor said
 * out of turn. The work of a drop is so spread over three frames instead of
 * crowding one (bench/browser.py measures them with the CPU slowed down 4x).
 */

/** @type {(() => void)[][]} the tasks waiting, one list for each frame to come */
const frames = [];
/** How many of them say something (a move's words): what is said next waits for them. */
let words = 0;
let scheduled = false;
let running = false;

/**
 * Run the first frame's tasks at the start of the next frame but one (the
 * next is being drawn now), or of the next when called by a frame's tasks:
 * what they change is drawn in that frame, and in that frame alone.
 * @param {boolean} [framed] whether called at the start of a frame
 */
function schedule(framed = false) {
  if (scheduled) return;
  scheduled = true;
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    scheduled = false;
    running = true;
    try {
      for (const task of frames.shift() ?? []) task();
    } finally {
      running = false;
      if (frames.length) schedule(true);
    }
  };
  requestAnimationFrame(framed ? once : () => requestAnimationFrame(once));
  // A hidden page draws no frames: its tasks run all the same.
  setTimeout(once, 100);
}

/**
 * Run *task* once the next frame is drawn, after every task asked for before it.
 * @param {() => void} task
 * @param {boolean} [saying] whether it says something: then what is said in turn waits for it
 */
export function afterFrame(task, saying = false) {
  if (!frames.length) frames.push([]);
  if (saying) words += 1;
  frames[frames.length - 1].push(
    saying
      ? () => {
          words -= 1;
          task();
        }
      : task,
  );
  schedule();
}

/**
 * Run *task* once the next frame is drawn, after every task asked for before
 * it, and alone: tasks asked for after it wait for the frame after its own.
 * @param {() => void} task
 */
export function inFrameOfItsOwn(task) {
  frames.push([task], []);
  schedule();
}

/**
 * Run *task* now, or after the words still waiting for a frame: what is said or
 * counted after a move comes after the move's own words.
 * @param {() => void} task
 */
export function inTurn(task) {
  if (running || !words) task();
  else afterFrame(task, true);
}
