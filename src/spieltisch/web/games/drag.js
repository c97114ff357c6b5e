// Dragging a piece with the pointer (mouse, pen or touch): a copy of it follows the
// pointer once it has moved a few pixels, and what lies under the pointer when it is let
// go decides what happens.

/**
 * Make `el` draggable. `half` is half the copy's width and height, so that it sits
 * centred under the pointer; `start()` runs when a drag begins and `drop(under)` when it
 * ends, with the element under the pointer (or null). The click that ends a drag on `el`
 * itself does nothing else.
 */
export function draggable(el, {half, start = () => {}, drop}) {
  el.style.touchAction = 'none';
  el.addEventListener('pointerdown', (down) => {
    if (down.button !== 0) return;
    let ghost = null;
    const move = (ev) => {
      if (!ghost && Math.hypot(ev.clientX - down.clientX, ev.clientY - down.clientY) < 6) return;
      if (!ghost) {
        ghost = el.cloneNode(true);
        ghost.classList.add('drag-ghost');
        document.body.append(ghost);
        start();
      }
      ghost.style.left = `${ev.clientX - half[0]}px`;
      ghost.style.top = `${ev.clientY - half[1]}px`;
    };
    const up = (ev) => {
      document.removeEventListener('pointermove', move);
      document.removeEventListener('pointerup', up);
      if (!ghost) return;
      ghost.remove();
      el.dataset.dragged = '1';
      setTimeout(() => { delete el.dataset.dragged; }, 0);
      drop(document.elementFromPoint(ev.clientX, ev.clientY));
    };
    document.addEventListener('pointermove', move);
    document.addEventListener('pointerup', up);
  });
  el.addEventListener('click', (ev) => {
    if (el.dataset.dragged) ev.stopImmediatePropagation();
  }, true);
}
