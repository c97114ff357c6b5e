// A notification from the system when it becomes your turn, or somebody asks you to let a
// move be taken back, while the table's page is hidden (another tab, a minimised window,
// the app in the background). Asked for in the ♪ panel and kept in this browser; offered
// only where the browser has notifications for the page (over https, or on localhost).

const KEY = 'spieltisch.notify';

/** Whether this page can ask for notifications at all. */
export function notifyOffered() {
  return 'Notification' in window && window.isSecureContext;
}

/** Whether notifications are on in this browser and allowed by it. */
export function notifyOn() {
  try {
    return notifyOffered() && Notification.permission === 'granted'
      && localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

/** Turn notifications on (asking the browser's leave first) or off: 'on', 'off', or
 * 'blocked' where the browser refuses them. */
export async function setNotifyOn(on) {
  localStorage.removeItem(KEY);
  if (!on) return 'off';
  const permission = Notification.permission === 'default'
    ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') return 'blocked';
  localStorage.setItem(KEY, 'on');
  return 'on';
}

/** Show `title` with `body` if notifications are on and the page is hidden; a newer one
 * of the same `tag` (a table's id) replaces the last. A click brings the page back.
 * Returns the notification shown, if any, to close once it says something no longer so. */
export function notify(title, body, tag) {
  if (!document.hidden || !notifyOn()) return null;
  const note = new Notification(title, {body, tag, icon: '/static/icon-192.png'});
  note.onclick = () => {
    window.focus();
    note.close();
  };
  return note;
}
