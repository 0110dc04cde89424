import { fireEvent, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '@luxe/contracts';
import { makeUser, signIn, storedUser } from '../../testing/fixtures';
import { findToast, renderApp, screen, within } from '../../testing/render-app';
import { axeViolations } from '../../testing/axe';
import { server } from '../../testing/server';
import { acceptablePhotos, skippedPhotosMessage, sortPhotos } from './api/profile';

const photoOf = (id: string, n: number) =>
  `/api/images/users/${id}/${'0'.repeat(8)}-0000-4000-8000-${String(n).padStart(12, '0')}.jpg`;

describe('Profile tab: details', () => {
  it('shows the spec messages, counts the bio live and saves age and bio', async () => {
    const member = makeUser({ age: null, bio: null, profileImages: [] });
    await signIn(member);
    let sent: unknown = null;
    server.use(
      http.post('/api/profile', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...member, ...(sent as object), profileCompleted: 'true' });
      }),
    );
    const { user } = renderApp('/dashboard?tab=profile');
    const save = await screen.findByRole('button', { name: 'Save Details' });
    await user.click(save);
    expect(await screen.findByText('Age is required')).toBeInTheDocument();
    expect(screen.getByText('Bio must be at least 10 characters')).toBeInTheDocument();

    const age = screen.getByLabelText('Age');
    await user.type(age, '17');
    await user.click(save);
    expect(await screen.findByText('Must be at least 18 years old')).toBeInTheDocument();
    await user.clear(age);
    await user.type(age, '101');
    await user.click(save);
    expect(await screen.findByText('Age must be under 100')).toBeInTheDocument();

    const bio = screen.getByLabelText('Bio');
    expect(screen.getByText('0/500')).toBeInTheDocument();
    await user.type(bio, 'Yachts at dusk');
    expect(screen.getByText('14/500')).toBeInTheDocument();
    await user.clear(age);
    await user.type(age, '29');
    await user.click(save);
    expect(await findToast()).toHaveTextContent('Profile Updated');
    expect(sent).toEqual({ age: 29, bio: 'Yachts at dusk' });
    expect(storedUser()).toMatchObject({ age: 29, bio: 'Yachts at dusk' });
    expect(sent).not.toHaveProperty('images');
  });

  it('says "Failed to update profile" with the server message when saving fails', async () => {
    await signIn(makeUser({ age: 30, bio: 'Already here for a while', profileImages: [] }));
    server.use(
      http.post('/api/profile', () =>
        HttpResponse.json({ statusCode: 503, message: 'Service temporarily unavailable' }, { status: 503 }),
      ),
    );
    const { user } = renderApp('/dashboard?tab=profile');
    await user.click(await screen.findByRole('button', { name: 'Save Details' }));
    const toast = await findToast();
    expect(toast).toHaveTextContent('Service temporarily unavailable');
  });
});

describe('Profile tab: photos', () => {
  it('skips files that are not images or are over 10 MB, and takes no more than there is room for', () => {
    const img = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'image/jpeg' });
    const big = img('big.jpg', MAX_IMAGE_BYTES + 1);
    const text = new File(['x'], 'notes.txt', { type: 'text/plain' });
    expect(acceptablePhotos([img('a.jpg'), text, big, img('b.jpg'), img('c.jpg')], 2).map((f) => f.name)).toEqual([
      'a.jpg',
      'b.jpg',
    ]);
    expect(acceptablePhotos([img('a.jpg')], 0)).toEqual([]);
  });

  it('tells which files were skipped and why: not an image, over 10 MB, no room left (issue 31.2.15)', async () => {
    const img = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'image/jpeg' });
    const { accepted, skipped } = sortPhotos(
      [
        img('a.jpg'),
        new File(['x'], 'notes.txt', { type: 'text/plain' }),
        img('big.jpg', MAX_IMAGE_BYTES + 1),
        img('b.jpg'),
        img('c.jpg'),
      ],
      1,
    );
    expect(accepted.map((f) => f.name)).toEqual(['a.jpg']);
    expect(skippedPhotosMessage(skipped)).toBe(
      'notes.txt is not an image. big.jpg is over 10 MB. 2 more photos were not added: a profile holds at most 6.',
    );

    const member = makeUser({ profileImages: [] });
    await signIn(member);
    renderApp('/dashboard?tab=profile');
    await screen.findByRole('button', { name: 'Add Photo' });
    // As a browser without the picker's filter would hand them over (nothing is uploaded).
    fireEvent.change(screen.getByTestId('photo-input'), {
      target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' }), img('big.jpg', MAX_IMAGE_BYTES + 1)] },
    });
    const toast = await findToast();
    expect(toast).toHaveTextContent('Photos not added');
    expect(toast).toHaveTextContent('notes.txt is not an image. big.jpg is over 10 MB.');
    expect(await axeViolations()).toEqual([]);
  });

  it('keeps unsaved photos when the member leaves the Profile tab and comes back, and says they are unsaved (issue 31.2.15)', async () => {
    const member = makeUser({ profileImages: [] });
    await signIn(member);
    const newPath = photoOf(member.id, 1);
    server.use(
      http.post('/api/users/:id/upload-url', () =>
        HttpResponse.json({
          uploadURL: 'http://storage.test/u',
          fields: { key: 'staging/users/x/y' },
          objectPath: 'staging/users/x/y',
        }),
      ),
      http.post('http://storage.test/u', () => new HttpResponse(null, { status: 204 })),
      http.put('/api/users/:id/images', () => HttpResponse.json({ objectPath: newPath })),
      http.put('/api/users/:id/profile', async ({ request }) =>
        HttpResponse.json({ ...member, ...((await request.json()) as object) }),
      ),
      http.get('/api/conversations/:id', () => HttpResponse.json([])),
    );
    const { user } = renderApp('/dashboard?tab=profile');
    await screen.findByRole('button', { name: 'Add Photo' });
    expect(screen.getByTestId('photos-unsaved')).toBeEmptyDOMElement();
    await user.upload(
      screen.getByTestId('photo-input'),
      new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' }),
    );
    expect(await screen.findByRole('img', { name: 'Main photo' })).toHaveAttribute('src', newPath);
    expect(screen.getByTestId('photos-unsaved')).toHaveTextContent(
      'Unsaved changes: Save Photos to show them on your profile.',
    );

    await user.click(
      within(screen.getByRole('navigation', { name: 'Dashboard' })).getByRole('button', { name: /Messages/ }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Messages' });
    expect(screen.queryByRole('img', { name: 'Main photo' })).toBeNull();
    await user.click(
      within(screen.getByRole('navigation', { name: 'Dashboard' })).getByRole('button', { name: /Profile/ }),
    );
    expect(await screen.findByRole('img', { name: 'Main photo' })).toHaveAttribute('src', newPath);
    expect(screen.getByTestId('photos-unsaved')).toHaveTextContent('Unsaved changes');
    await user.click(screen.getByRole('button', { name: 'Save Photos' }));
    expect(await findToast()).toHaveTextContent('Photos Saved');
    await waitFor(() => expect(screen.getByTestId('photos-unsaved')).toBeEmptyDOMElement());
  });

  it('uploads a photo through a presigned POST, marks the first as Main, previews it, and saves the list', async () => {
    const member = makeUser({ profileImages: [] });
    await signIn(member);
    const newPath = photoOf(member.id, 1);
    const calls: string[] = [];
    let saved: unknown = null;
    server.use(
      http.post('/api/users/:id/upload-url', ({ params }) => {
        calls.push(`upload-url ${params.id}`);
        return HttpResponse.json({
          uploadURL: 'http://storage.test/luxe-identity',
          fields: { key: 'staging/users/x/y', policy: 'p', 'x-amz-signature': 's' },
          objectPath: 'staging/users/x/y',
        });
      }),
      http.post('http://storage.test/luxe-identity', async ({ request }) => {
        const form = await request.formData();
        calls.push(
          `storage POST ${[...form.keys()].join(',')} ${form.get('key')} ${form.get('Content-Type')} ${(form.get('file') as Blob).size} bytes`,
        );
        return new HttpResponse(null, { status: 204 });
      }),
      http.put('/api/users/:id/images', async ({ request }) => {
        calls.push(`images ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({ objectPath: newPath });
      }),
      http.put('/api/users/:id/profile', async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json({ ...member, ...(saved as object) });
      }),
    );
    const { user } = renderApp('/dashboard?tab=profile');
    const add = await screen.findByRole('button', { name: 'Add Photo' });
    expect(screen.getByRole('button', { name: 'Save Photos' })).toBeDisabled();
    await user.upload(
      screen.getByTestId('photo-input'),
      new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' }),
    );
    const list = await screen.findByRole('list', { name: 'Your photos' });
    expect(await within(list).findByRole('img', { name: 'Main photo' })).toHaveAttribute('src', newPath);
    expect(within(list).getByText('Main')).toBeInTheDocument();
    // The server's fields as given, the file's type, the file last; then the upload's path is claimed.
    expect(calls).toEqual([
      `upload-url ${member.id}`,
      'storage POST key,policy,x-amz-signature,Content-Type,file staging/users/x/y image/jpeg 3 bytes',
      'images {"imageURL":"staging/users/x/y"}',
    ]);
    expect(add).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Preview photo 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Photo preview' });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Preview photo 1' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Save Photos' }));
    expect(await findToast()).toHaveTextContent('Photos Saved');
    expect(saved).toEqual({ profileImages: [newPath] });
  });

  it('hides Add Photo at 6 photos, and tells why an upload was refused', async () => {
    const member = makeUser({ profileImages: [] });
    const six = Array.from({ length: 6 }, (_, i) => photoOf(member.id, i + 1));
    await signIn({ ...member, profileImages: six });
    const first = renderApp('/dashboard?tab=profile');
    expect(await screen.findByRole('button', { name: 'Save Photos' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Photo' })).toBeNull();
    first.unmount();

    await signIn(member);
    server.use(
      http.post('/api/users/:id/upload-url', () =>
        HttpResponse.json({
          uploadURL: 'http://storage.test/u',
          fields: { key: 'staging/users/x/y' },
          objectPath: 'staging/users/x/y',
        }),
      ),
      http.post('http://storage.test/u', () => new HttpResponse(null, { status: 204 })),
      http.put('/api/users/:id/images', () =>
        HttpResponse.json(
          {
            statusCode: 400,
            code: 'PROFILE.UPLOAD_REJECTED',
            message: 'The file is not an image (JPEG, PNG, WebP or GIF)',
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/dashboard?tab=profile');
    await screen.findByRole('button', { name: 'Add Photo' });
    await user.upload(
      screen.getByTestId('photo-input'),
      new File(['GIF89a-not-really'], 'fake.gif', { type: 'image/gif' }),
    );
    const toast = await findToast();
    expect(toast).toHaveTextContent('Upload Error');
    expect(toast).toHaveTextContent('The file is not an image');
    expect(screen.queryByRole('img', { name: 'Main photo' })).toBeNull();
  });
});
