import { fireEvent } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { FRIEND_MESSAGES } from '@luxe/contracts';
import { renderApp, screen } from '../../../testing/render-app';
import { server } from '../../../testing/server';

const TOKEN = 'tok_9f8e7d6c5b4a3f2e1d0c9b8a';
const PICTURE = '/api/images/friends/44444444-4444-4444-8444-444444444444/abc.png';

/** GET /api/friends/invite/{token} answers `answer`; returns the tokens asked for. */
function mockInvite(answer: () => Response | Promise<Response>) {
  const asked: string[] = [];
  server.use(
    http.get('/api/friends/invite/:token', async ({ params }) => {
      asked.push(String(params.token));
      return answer();
    }),
  );
  return asked;
}

/** PATCH /api/friends/claim/{token} answers `answer`; returns the bodies sent. */
function mockClaim(answer: () => Response | Promise<Response>) {
  const bodies: { token: string; body: { profilePicture: string } }[] = [];
  server.use(
    http.patch('/api/friends/claim/:token', async ({ params, request }) => {
      bodies.push({ token: String(params.token), body: (await request.json()) as { profilePicture: string } });
      return answer();
    }),
  );
  return bodies;
}

const png = () => new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'me.png', { type: 'image/png' });

describe('/friend-invite/{token}', () => {
  it('says it is loading, then welcomes the friend by name and asks for a picture', async () => {
    const asked = mockInvite(async () => {
      await delay(40);
      return HttpResponse.json({ name: 'Jordan', profilePicture: null });
    });
    renderApp(`/friend-invite/${TOKEN}`);
    expect(await screen.findByText('Loading invite...')).toHaveAttribute('role', 'status');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Jordan' })).toBeInTheDocument();
    expect(asked).toEqual([TOKEN]);
    expect(screen.getByText(/invited to an event/i)).toHaveTextContent(/profile picture/i);
    expect(screen.getByTestId('picture-placeholder')).toHaveTextContent('No picture yet');
    expect(screen.getByRole('button', { name: 'Upload Picture' })).toBeEnabled();
    expect(screen.queryByRole('link', { name: 'Done' })).not.toBeInTheDocument();
    expect(screen.queryByText('Loading invite...')).not.toBeInTheDocument();
  });

  it('says the invite is not found when the server answers 404, with a way home', async () => {
    mockInvite(() => HttpResponse.json({ statusCode: 404, message: 'Invite Not Found' }, { status: 404 }));
    const { user, location } = renderApp(`/friend-invite/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Invite Not Found' })).toBeInTheDocument();
    expect(screen.getByText('This invite link is invalid or has expired')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /picture/i })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to Home' }));
    expect(location()).toBe('/');
  });

  it('offers to try again when the invite cannot be loaded for another reason', async () => {
    let fail = true;
    const asked = mockInvite(() =>
      fail
        ? HttpResponse.json({ message: 'down' }, { status: 500 })
        : HttpResponse.json({ name: 'Jordan', profilePicture: null }),
    );
    const { user } = renderApp(`/friend-invite/${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your invite. Please try again.');
    expect(screen.queryByText('Invite Not Found')).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Jordan' })).toBeInTheDocument();
    expect(asked).toHaveLength(2);
  });

  it('uploads a picture as a data URL: Uploading... while busy, then the picture, Change Picture and Done', async () => {
    mockInvite(() => HttpResponse.json({ name: 'Jordan', profilePicture: null }));
    const sent = mockClaim(async () => {
      await delay(60);
      return HttpResponse.json({ name: 'Jordan', profilePicture: PICTURE });
    });
    const { user, location } = renderApp(`/friend-invite/${TOKEN}`);
    await screen.findByRole('heading', { name: 'Welcome, Jordan' });

    await user.upload(screen.getByTestId('picture-input'), png());
    expect(await screen.findByRole('button', { name: 'Uploading...' })).toBeDisabled();

    expect(await screen.findByRole('button', { name: 'Change Picture' })).toBeEnabled();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.token).toBe(TOKEN);
    expect(sent[0]!.body.profilePicture).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(screen.getByRole('img', { name: 'Picture of Jordan' })).toHaveAttribute('src', PICTURE);
    expect(screen.queryByTestId('picture-placeholder')).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Done' }));
    expect(location()).toBe('/');
  });

  it('shows Change Picture and Done at once when the friend already has a picture', async () => {
    mockInvite(() => HttpResponse.json({ name: 'Jordan', profilePicture: PICTURE }));
    renderApp(`/friend-invite/${TOKEN}`);
    expect(await screen.findByRole('button', { name: 'Change Picture' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Picture of Jordan' })).toHaveAttribute('src', PICTURE);
    expect(screen.getByRole('link', { name: 'Done' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Upload Picture' })).not.toBeInTheDocument();
  });

  it('refuses a file that is not an image without calling the server', async () => {
    mockInvite(() => HttpResponse.json({ name: 'Jordan', profilePicture: null }));
    const sent = mockClaim(() => HttpResponse.json({ name: 'Jordan', profilePicture: PICTURE }));
    renderApp(`/friend-invite/${TOKEN}`);
    await screen.findByRole('heading', { name: 'Welcome, Jordan' });

    // fireEvent, not user.upload: user-event would drop the file because of accept="image/*".
    fireEvent.change(screen.getByTestId('picture-input'), {
      target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose an image file.');
    expect(screen.getByRole('button', { name: 'Upload Picture' })).toHaveAccessibleDescription(
      'Please choose an image file.',
    );
    await delay(30);
    expect(sent).toHaveLength(0);
    expect(screen.getByTestId('picture-placeholder')).toBeInTheDocument();
  });

  it('shows the server message when the picture is refused (400), and only logs other upload failures', async () => {
    mockInvite(() => HttpResponse.json({ name: 'Jordan', profilePicture: null }));
    let status = 400;
    mockClaim(() =>
      HttpResponse.json(
        {
          statusCode: status,
          code: 'BOOKING.PICTURE_REJECTED',
          message: status === 400 ? FRIEND_MESSAGES.picture : 'Internal error',
        },
        { status },
      ),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderApp(`/friend-invite/${TOKEN}`);
    await screen.findByRole('heading', { name: 'Welcome, Jordan' });

    await user.upload(screen.getByTestId('picture-input'), png());
    expect(await screen.findByRole('alert')).toHaveTextContent(FRIEND_MESSAGES.picture);
    expect(screen.getByRole('button', { name: 'Upload Picture' })).toBeEnabled();
    expect(logged).toHaveBeenCalledTimes(1);

    status = 500;
    await user.upload(screen.getByTestId('picture-input'), png());
    await vi.waitFor(() => expect(logged).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Internal error')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Done' })).not.toBeInTheDocument();
  });
});
