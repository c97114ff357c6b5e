// A table's chat card: the lines said there, the box to say one, deleting a line of
// one's own, and muting a person in this browser.
import {muted} from './api.js';
import {clear, h, toast} from './dom.js';
import {t} from './i18n.js';
import {playSound} from './sound.js';

const SHOWN = 100;
const LENGTH = 300;

export class ChatCard {
  /** The chat of the table `view` shows (its `msg`, `nameOf`, `send` and `keepFocus`). */
  constructor(view) {
    this.view = view;
    this.lines = [];
    this.muted = muted.get(view.id);
    this.unsent = '';
    this.build();
  }

  /** Make the card afresh (as the page is drawn again in another language). */
  build() {
    const input = h('input', {id: 'chat-input', maxlength: String(LENGTH), autocomplete: 'off',
      'aria-label': t('table.chatSay'), placeholder: t('table.chatSay')});
    const send = (ev) => {
      ev.preventDefault();
      const text = input.value.trim();
      if (text && this.view.send({type: 'chat', text})) {
        input.value = '';
        this.unsent = text;
      }
    };
    this.list = h('ol', {class: 'chat', id: 'chat-lines'});
    this.mutes = h('div', {class: 'chat-mutes'});
    this.el = h('section', {class: 'card side-card', id: 'chat-card', hidden: true},
      h('h2', {}, t('table.chat')), this.list,
      h('form', {class: 'chat-form', onsubmit: send}, input,
        h('button', {type: 'submit', id: 'chat-send'}, t('table.chatSend'))),
      this.mutes);
  }

  /** Take a `chat` message: the lines kept (`history`) or new ones, which the others hear
   * of unless they muted whoever said them. */
  receive(message) {
    this.lines = (message.history ? message.lines : [...this.lines, ...message.lines])
      .slice(-SHOWN);
    this.view.keepFocus(() => this.draw());
    const msg = this.view.msg;
    if (message.history || !msg) return;
    if (message.lines.some((line) => line.seat === msg.seat)) this.unsent = '';
    for (const line of message.lines) {
      if (line.seat !== msg.seat && !this.muted.has(line.seat)) {
        toast(() => `${this.nameOf(line)}: ${line.text}`);
        playSound('chat');
      }
    }
  }

  /** The server refused the line last sent: it goes back into the box, unless something
   * else has been typed there since. */
  refused() {
    const input = document.getElementById('chat-input');
    if (this.unsent && input && !input.value) input.value = this.unsent;
    this.unsent = '';
  }

  /** Take a `chat_removed` message: the line said from `seat` at `at` is gone. */
  remove({seat, at}) {
    const focused = document.activeElement?.dataset?.focusKey === removeKey(at);
    this.lines = this.lines.filter((line) => line.seat !== seat || line.at !== at);
    this.view.keepFocus(() => this.draw());
    if (focused) document.getElementById('chat-input')?.focus();
  }

  /** The chat, for the people seated at a table with another person, or where one spoke. */
  draw() {
    const msg = this.view.msg;
    if (!msg) return;
    const seats = msg.table.seats;
    const people = seats.map((s, i) => i).filter((i) => i !== msg.seat
      && (seats[i].kind === 'human' || seats[i].stand_in
        || this.lines.some((line) => line.seat === i)));
    this.el.hidden = msg.seat === null || !(people.length || this.lines.length);
    const labels = people.map((seat) => t(this.muted.has(seat) ? 'table.unmute' : 'table.mute',
      {name: this.view.nameOf(seat)}));
    // Rebuilt only when a label changes, so a focused button keeps its focus.
    const shown = people.map((seat, i) => `${seat}:${labels[i]}`).join('\n');
    if (this.mutes.dataset.shown !== shown) {
      this.mutes.dataset.shown = shown;
      clear(this.mutes);
      people.forEach((seat, i) => this.mutes.append(h('button', {type: 'button',
        class: 'small', id: `mute-${seat}`, onclick: () => this.toggleMute(seat)}, labels[i])));
    }
    clear(this.list);
    for (const line of this.lines) {
      if (this.muted.has(line.seat) && line.seat !== msg.seat) continue;
      const own = line.seat === msg.seat;
      this.list.append(h('li', {title: new Date(line.at * 1000).toLocaleTimeString()},
        h('span', {class: `seat-dot seat${line.seat}`, 'aria-hidden': 'true'}),
        h('strong', {}, `${this.nameOf(line)}:`), ` ${line.text}`,
        own ? this.removeButton(line) : null));
    }
    this.list.scrollTop = this.list.scrollHeight;
  }

  /** The button that deletes a line of one's own (its '×' comes from the style sheet). */
  removeButton(line) {
    const label = t('table.chatRemove', {text: line.text});
    return h('button', {type: 'button', class: 'chat-remove', 'data-focus-key': removeKey(line.at),
      'aria-label': label, title: label,
      onclick: () => this.view.send({type: 'chat_remove', at: line.at})});
  }

  /** Show or hide the chat of `seat` in this browser. */
  toggleMute(seat) {
    if (!this.muted.delete(seat)) this.muted.add(seat);
    muted.put(this.view.id, this.muted);
    this.view.keepFocus(() => this.draw());
  }

  /** Keep the mutes for table `next`, the rematch, where everyone sits one seat on. */
  carryMutes(next, seatCount) {
    muted.put(next, new Set([...this.muted].map((seat) => (seat + 1) % seatCount)));
  }

  /** Who said a chat line: the name it was said under, or the seat's name if none. */
  nameOf(line) {
    return line.name || this.view.nameOf(line.seat);
  }
}

/** What finds the button that deletes the line said at `at` again once the card is redrawn. */
function removeKey(at) {
  return `chat-remove-${at}`;
}
