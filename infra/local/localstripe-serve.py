"""localstripe (pinned by infra/local/localstripe-requirements.txt) for infra/local/localstripe.sh.

    python localstripe-serve.py HOST PORT

Why a launcher and not the `localstripe` command: the command binds every interface ('::') and
pickles its whole store to /tmp/localstripe.pickle (one file for every user of the machine) on each
write. Here it listens on HOST only and keeps its state in memory (a restart starts empty, as the
tests expect of a fake).

It also closes the gaps between localstripe 1.15.10 and what the payments service and the tests
send, each below as Stripe behaves (infra/local/localstripe.sh lists what works with and without
them; infra/scripts/localstripe-check.mjs checks it):
  - PaymentIntent create takes `description`, `automatic_payment_methods`, `setup_future_usage`
    (kept on the intent; they change nothing else here). localstripe answered 400 "Unexpected".
  - confirm takes `payment_method` (localstripe: 500 Not implemented).
  - `Idempotency-Key`: a POST repeated with the same key answers the first answer (same status
    and body) instead of doing it again; the same key with other parameters is a 400
    idempotency_error. localstripe ignored the header (a retried refund refunded twice).
  - Refunds: more than what is left of the charge is refused (400), as Stripe does.
  - Declines: card 4000000000000002 and `pm_card_chargeDeclined` are declined when charged
    (card_declined), as Stripe's test cards; the 402 is a `card_error`.
  - PaymentIntents: `latest_charge` is the charge's id unless expanded; list filters by
    `customer` and `created`; `GET /v1/payment_intents/search` with `metadata['k']:'v'` and
    `status:'s'` clauses (AND); cancel posts `payment_intent.canceled`.
  - Charges: list filters by `payment_intent`.
"""
import hashlib
import json
import re
import sys

from aiohttp import web

from localstripe import resources as r
from localstripe.errors import UserError
from localstripe.webhooks import schedule_webhook

HOST, PORT = sys.argv[1], int(sys.argv[2])

# State in memory only (see above).
r.store.dump_to_disk = lambda: None
r.store.try_load_from_disk = lambda: None

# ---- PaymentIntent create: parameters localstripe refused
_pi_init = r.PaymentIntent.__init__


def _pi_init_compat(self, description=None, automatic_payment_methods=None,
                    setup_future_usage=None, **kwargs):
    if setup_future_usage not in (None, '', 'off_session', 'on_session'):
        raise UserError(400, 'Invalid setup_future_usage')
    _pi_init(self, **kwargs)
    self.description = description
    self.automatic_payment_methods = automatic_payment_methods
    self.setup_future_usage = setup_future_usage or None


r.PaymentIntent.__init__ = _pi_init_compat

# ---- confirm with a payment method
_pi_confirm = r.PaymentIntent._api_confirm.__func__


@classmethod
def _pi_confirm_compat(cls, id, payment_method=None, **kwargs):
    if payment_method is not None:
        obj = cls._api_retrieve(id)
        if obj.status not in ('requires_payment_method', 'requires_confirmation'):
            raise UserError(400, 'This PaymentIntent cannot be confirmed in status ' + obj.status)
        r.PaymentMethod._api_retrieve(payment_method)  # 404 when unknown
        obj.payment_method = payment_method
        # A declined attempt before: this one is a new charge.
        if obj.latest_charge is not None and obj.latest_charge.status == 'failed':
            obj.latest_charge = None
    return _pi_confirm(cls, id, **kwargs)


r.PaymentIntent._api_confirm = _pi_confirm_compat

# ---- declines of Stripe's test cards
_declined_on_charge = r.PaymentMethod._charging_is_declined


def _charging_is_declined(self):
    if self.type == 'card' and self._card_number == '4000000000000002':
        return True
    return _declined_on_charge(self)


r.PaymentMethod._charging_is_declined = _charging_is_declined
_canonical = r.PaymentMethod._try_get_canonical_test_article.__func__


@classmethod
def _canonical_compat(cls, id):
    if id == 'pm_card_chargeDeclined':
        return r.PaymentMethod(type='card', card=dict(number='4000000000000002', exp_month='12', exp_year='2030', cvc='123'))
    return _canonical(cls, id)


r.PaymentMethod._try_get_canonical_test_article = _canonical_compat

_raise_failure = r.Charge._raise_failure


def _raise_card_error(self):
    try:
        _raise_failure(self)
    except UserError as e:
        e.body['error']['type'] = 'card_error'
        e.body['error'].setdefault('decline_code', 'generic_decline')
        raise


r.Charge._raise_failure = _raise_card_error

# ---- PaymentIntent: latest_charge as an id; list filters; search; canceled event
_pi_export = r.PaymentIntent._export


def _pi_export_compat(self, expand=None):
    obj = _pi_export(self, expand=expand)
    if isinstance(obj.get('latest_charge'), dict) and 'latest_charge' not in (expand or []):
        obj['latest_charge'] = obj['latest_charge']['id']
    return obj


r.PaymentIntent._export = _pi_export_compat


def _created_filter(created):
    if created is None:
        return lambda o: True
    if type(created) is not dict:
        created = {'eq': created}
    ops = {'gt': lambda a, b: a > b, 'gte': lambda a, b: a >= b, 'lt': lambda a, b: a < b, 'lte': lambda a, b: a <= b, 'eq': lambda a, b: a == b}
    try:
        tests = [(ops[k], int(v)) for k, v in created.items()]
    except (KeyError, ValueError):
        raise UserError(400, 'Invalid created filter')
    return lambda o: all(op(o.created, v) for op, v in tests)


@classmethod
def _pi_list(cls, url, customer=None, created=None, limit=None, starting_after=None, **kwargs):
    if kwargs:
        raise UserError(400, 'Unexpected ' + ', '.join(kwargs.keys()))
    li = r.List(url, limit=limit, starting_after=starting_after)
    keep = _created_filter(created)
    # Newest first, as Stripe lists.
    li._list = [v for k, v in reversed(list(r.store.items())) if k.startswith('payment_intent:') and (customer is None or v.customer == customer) and keep(v)]
    return li


r.PaymentIntent._api_list_all = _pi_list

_CLAUSE = re.compile(r"^\s*(metadata\[['\"]([^'\"]+)['\"]\]|status)\s*:\s*['\"]([^'\"]*)['\"]\s*$")


class SearchResult(r.List):
    object = 'search_result'

    def __init__(self, url, limit, page):
        super().__init__(url, limit=limit)
        try:
            self._starting_pos = int(page or 0)
        except ValueError:
            raise UserError(400, 'Invalid page')

    @property
    def next_page(self):
        return str(self._starting_pos + self._limit) if self.has_more else None


def _pi_search(query=None, limit=None, page=None, **kwargs):
    if kwargs or not isinstance(query, str):
        raise UserError(400, 'Expected query (and limit, page)')
    tests = []
    for clause in re.split(r'\s+AND\s+', query.strip()):
        m = _CLAUSE.match(clause)
        if not m:
            raise UserError(400, "localstripe-serve.py searches only metadata['key']:'value' and status:'value' clauses joined by AND")
        if m.group(2) is not None:
            tests.append(lambda o, k=m.group(2), v=m.group(3): (o.metadata or {}).get(k) == v)
        else:
            tests.append(lambda o, v=m.group(3): o.status == v)
    res = SearchResult('/v1/payment_intents/search', limit, page)
    res._list = [v for k, v in reversed(list(r.store.items())) if k.startswith('payment_intent:') and all(t(v) for t in tests)]
    return res


_pi_cancel = r.PaymentIntent._api_cancel.__func__


@classmethod
def _pi_cancel_compat(cls, id, cancellation_reason=None, **kwargs):
    obj = _pi_cancel(cls, id, **kwargs)
    schedule_webhook(r.Event('payment_intent.canceled', obj))
    return obj


r.PaymentIntent._api_cancel = _pi_cancel_compat

# ---- refunds: not more than what is left
_refund_init = r.Refund.__init__


def _refund_init_compat(self, charge=None, payment_intent=None, amount=None, metadata=None, **kwargs):
    charge_id = charge
    if payment_intent is not None and charge is None:
        pi = r.PaymentIntent._api_retrieve(payment_intent)
        if pi.latest_charge is None:
            raise UserError(400, 'This PaymentIntent has no charge to refund')
        charge_id = pi.latest_charge.id
    if charge_id is not None:
        ch = r.Charge._api_retrieve(charge_id)
        left = ch.amount - ch.amount_refunded
        want = ch.amount if amount is None else r.try_convert_to_int(amount)
        if isinstance(want, int) and want > left:
            raise UserError(400, 'Refund amount (%d) is greater than unrefunded amount on charge (%d)' % (want, left), {'code': 'amount_too_large'})
    _refund_init(self, charge=charge, payment_intent=payment_intent, amount=amount, metadata=metadata, **kwargs)


r.Refund.__init__ = _refund_init_compat

# ---- charges: filter by payment_intent
_charge_list = r.Charge._api_list_all.__func__


@classmethod
def _charge_list_compat(cls, url, payment_intent=None, **kwargs):
    li = _charge_list(cls, url, **kwargs)
    if payment_intent is not None:
        li._list = [c for c in li._list if c.payment_intent == payment_intent]
    return li


r.Charge._api_list_all = _charge_list_compat

# extra_apis holds the functions themselves (taken at import): point its routes at the ones above.
_replaced = {'/v1/payment_intents/{id}/confirm': r.PaymentIntent._api_confirm, '/v1/payment_intents/{id}/cancel': r.PaymentIntent._api_cancel}
r.extra_apis[:] = [(m, u, _replaced.get(u, f)) for m, u, f in r.extra_apis]
# Routes of extra_apis are added before the regular ones when the server module is imported, so
# /search is matched before /v1/payment_intents/{id}.
r.extra_apis.append(('GET', '/v1/payment_intents/search', _pi_search))

from localstripe import server  # noqa: E402  (after the patches: it registers the routes)

# ---- Idempotency-Key (see above)
_idempotent = {}


@web.middleware
async def idempotency(request, handler):
    key = request.headers.get('Idempotency-Key')
    if request.method != 'POST' or not key:
        return await handler(request)
    scope = (request.headers.get('Authorization', ''), key)
    fingerprint = hashlib.sha256(request.method.encode() + request.path.encode() + b'\0' + await request.read()).hexdigest()
    seen = _idempotent.get(scope)
    if seen is not None:
        if seen[0] != fingerprint:
            return web.json_response({'error': {'type': 'idempotency_error', 'message': 'Keys for idempotent requests can only be used with the same parameters they were first used with.'}}, status=400)
        return web.Response(status=seen[1], body=seen[2], content_type='application/json', headers={'Idempotent-Replayed': 'true'})
    try:
        resp = await handler(request)
    except UserError as e:
        resp = e.to_response()
    if resp.status < 500:
        _idempotent[scope] = (fingerprint, resp.status, resp.body)
    return resp


server.app.middlewares.append(idempotency)

web.run_app(server.app, host=HOST, port=PORT, access_log=None, print=lambda *a: print(*a, flush=True))
