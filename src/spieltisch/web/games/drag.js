// Dragging a piece with the pointer (mouse, pen or touch): a copy of it follows the
// pointer once it has moved a few pixels, and what lies under the pointer when it is let
// go decides what happens. A cancelled touch drops nothing and takes the copy away.

/** How long a finger rests on a piece before it drags it whichever way it moves. */
const HOLD_MS = 300;

/**
 * Make `el` draggable. `half` is half the copy's width and height, so that it sits
 * centred under the pointer; `start()` runs when a drag begins and `drop(under)` when it
 * ends, with the element under the pointer (or null). The click that ends a drag on `el`
 * itself does nothing else. With `scroll`, a finger that sets off up or down scrolls the
 * page instead: a touch drags when it sets off sideways or after resting a moment.
 */
export function draggable(el, {half, start = () => {}, drop, scroll = false}) {
  el.style.touchAction = scroll ? 'pan-y' : 'none';
  let dragging = false;
  el.addEventListener('pointerdown', (down) => {
    if (down.button !== 0) return;
    const touch = scroll && down.pointerType === 'touch';
    let ghost = null;
    let moved = false;
    const follow = (ev) => {
      if (!ghost) {
        ghost = el.cloneNode(true);
        ghost.classList.add('drag-ghost');
        document.body.append(ghost);
        dragging = true;
        start();
      }
      ghost.style.left = `${ev.clientX - half[0]}px`;
      ghost.style.top = `${ev.clientY - half[1]}px`;
    };
    const held = touch ? setTimeout(() => follow(down), HOLD_MS) : null;
    const move = (ev) => {
      if (ev.pointerId !== down.pointerId) return;
      const dx = ev.clientX - down.clientX;
      const dy = ev.clientY - down.clientY;
      if (!moved && Math.hypot(dx, dy) < 6) return;
      moved = true;
      clearTimeout(held);
      // Set off up or down, the touch is the page's to scroll.
      if (!ghost && touch && Math.abs(dy) > Math.abs(dx)) {
        end();
        return;
      }
      follow(ev);
    };
    const end = () => {
      clearTimeout(held);
      dragging = false;
      ghost?.remove();
      document.removeEventListener('pointermove', move);
      document.removeEventListener('pointerup', up);
      document.removeEventListener('pointercancel', cancel);
    };
    const up = (ev) => {
      if (ev.pointerId !== down.pointerId) return;
      // A finger that rested but never moved only tapped.
      const dragged = ghost !== null && moved;
      end();
      if (!dragged) return;
      el.dataset.dragged = '1';
      setTimeout(() => { delete el.dataset.dragged; }, 0);
      drop(document.elementFromPoint(ev.clientX, ev.clientY));
    };
    const cancel = (ev) => {
      if (ev.pointerId === down.pointerId) end();
    };
    document.addEventListener('pointermove', move);
    document.addEventListener('pointerup', up);
    document.addEventListener('pointercancel', cancel);
  });
  // While a piece follows the finger the page does not scroll under it.
  el.addEventListener('touchmove', (ev) => {
    if (dragging && ev.cancelable) ev.preventDefault();
  }, {passive: false});
  // A finger resting on a piece picks it up rather than opening the browser's menu.
  el.addEventListener('contextmenu', (ev) => {
    if (scroll) ev.preventDefault();
  });
  el.addEventListener('click', (ev) => {
    if (el.dataset.dragged) ev.stopImmediatePropagation();
  }, true);
}
